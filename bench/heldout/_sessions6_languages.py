"""Sixth held-out set: sessions not in English, p37-p48 (user and assistant in the language). See _make_triage6.py."""


def register(session):
    @session("p37-es-decision-int8-quantization", "kelpie", "2026-10-07T12:15:33", ["decision"])
    def _(s):
        s.user("Hola! El modelo de reclamaciones tarda 90 ms por documento en CPU y queremos servirlo también en los nodos sin GPU. ¿Cuantizamos? ¿Qué opciones hay?")
        s.bash("python scripts/bench_model.py --model claims-v7.onnx --n 500", "fp32: p50 88.4 ms  p95 101.2 ms  size 438 MB  macro-F1 0.912")
        s.say(
            "Tres opciones razonables con ONNX Runtime:\n\n"
            "1. **int8 dinámico** (`quantize_dynamic`): no necesita datos de calibración, suele bajar la latencia a la mitad en CPU y el tamaño a un cuarto; la pérdida de F1 suele ser pequeña en modelos tipo BERT.\n"
            "2. **int8 estático**: un poco más rápido, pero requiere un conjunto de calibración representativo y más mantenimiento.\n"
            "3. **fp16**: en CPU apenas acelera; tiene sentido en GPU.\n\n"
            "Puedo medir la 1 ahora mismo."
        )
        s.user("Sí, mídela.")
        s.bash("python scripts/quantize.py --mode dynamic --in claims-v7.onnx --out claims-v7-int8.onnx && python scripts/bench_model.py --model claims-v7-int8.onnx --n 500", "int8-dyn: p50 37.9 ms  p95 45.0 ms  size 112 MB  macro-F1 0.907")
        s.user("Vale, int8 dinámico. Medio punto de F1 a cambio de 2,3x más rápido nos compensa, y el estático no lo quiero mantener. Déjalo como variante para los nodos CPU.")
        s.edit("kelpie/registry.py", "VARIANTS = {\"gpu\": \"model.onnx\"}", "VARIANTS = {\"gpu\": \"model.onnx\", \"cpu\": \"model-int8.onnx\"}  # int8 dinámico: 2,3x más rápido en CPU, -0,005 F1")
        s.bash("pytest -q tests/test_registry.py", "......                                                               [100%]\n6 passed in 0.84s")
        s.say("Listo: los nodos CPU cargan la variante `model-int8.onnx` (int8 dinámico). Los tests del registro pasan.")

    @session("p38-de-runbook-migration-lock", "brackenwood", "2026-10-13T06:40:12", ["runbook"])
    def _(s):
        s.user("Das Deployment hängt seit 20 Minuten bei der Migratus-Migration `20261012-add-subject-index`. Kein Fehler, einfach nichts. Kannst du schauen?")
        s.bash("psql $DATABASE_URL -c \"select pid, state, wait_event_type, left(query,60) q, now()-xact_start age from pg_stat_activity where datname='brackenwood' and state <> 'idle'\"",
               "  pid  |        state        | wait_event_type |                              q                               |   age\n 41177 | active              | Lock            | CREATE INDEX subject_heading_idx ON record_subjects (heading | 00:21:03\n 39802 | idle in transaction | Client          | select * from record_subjects where library_code = $1 for up | 02:47:55")
        s.bash("psql $DATABASE_URL -c 'select pg_blocking_pids(41177)'", " pg_blocking_pids\n------------------\n {39802}")
        s.say("Die Migration (`CREATE INDEX`, pid 41177) wartet auf eine Sperre, die pid 39802 hält: eine Verbindung, die seit fast drei Stunden `idle in transaction` ist — laut `application_name` der nächtliche Harvester, der nach einem `select ... for update` hängen geblieben ist. Solange diese Transaktion offen ist, kommt der Index nicht durch.")
        s.user("Der Harvester-Lauf ist eh kaputt. Beende ihn.")
        s.bash("psql $DATABASE_URL -c 'select pg_terminate_backend(39802)'", " pg_terminate_backend\n----------------------\n t")
        s.bash("kubectl logs job/brackenwood-migrate --tail=3", "INFO migratus.core - Starting migrations\nINFO migratus.core - Running up for [20261012-add-subject-index]\nINFO migratus.core - Ending migrations")
        s.user("Läuft. Schreib das bitte ins Runbook, das passiert bestimmt wieder, solange der Harvester nachts Transaktionen offen lässt.")
        s.edit("docs/runbook.md", "# Runbook\n", "# Runbook\n\n## Migration hängt ohne Fehler\n\nSymptom: `brackenwood-migrate` bleibt bei einer Migration stehen, keine Fehlermeldung.\n\nDiagnose: `pg_stat_activity` zeigt die Migration mit `wait_event_type = Lock`; `select pg_blocking_pids(<pid>)` nennt den Blockierer, meist der nächtliche Harvester in `idle in transaction`.\n\nLösung: Blockierer mit `select pg_terminate_backend(<pid>)` beenden (der Harvester-Lauf ist dann ohnehin verloren und läuft nachts neu). Prüfen: Job-Log zeigt `Ending migrations`.\n")
        s.say("Im Runbook steht jetzt der Abschnitt „Migration hängt ohne Fehler“ mit Symptom, Diagnose über `pg_blocking_pids`, Lösung und Prüfung.")

    @session("p39-fr-constraint-sudoc-rate", "brackenwood", "2026-10-14T14:02:50", ["constraint"], ("decision",))
    def _(s):
        s.user(
            "Je vais brancher le moissonnage du SUDOC pour les bibliothèques françaises du consortium. Attention, l'ABES est très claire dans "
            "les conditions d'utilisation du web service : 10 requêtes par seconde maximum par établissement, et un User-Agent qui identifie "
            "le consortium avec une adresse de contact, sinon ils bloquent l'IP sans prévenir. Ça vaut pour tout ce qui appelle leurs services."
        )
        s.read("src/brackenwood/harvest/http.clj", "(defn fetch [url]\n  (http/get url {:as :byte-array}))")
        s.write("src/brackenwood/harvest/sudoc.clj", "(ns brackenwood.harvest.sudoc\n  \"Client du web service SUDOC. Conditions ABES : 10 req/s max, User-Agent identifiant le consortium.\"\n  (:require [brackenwood.harvest.http :as http]\n            [brackenwood.harvest.throttle :as throttle]))\n\n(def user-agent \"brackenwood/1.0 (Consortium NordBib; catalogue-ops@nordbib.org)\")\n\n(def limiter (throttle/per-second 10))\n\n(defn fetch-record [ppn]\n  (throttle/acquire! limiter)\n  (http/fetch (str \"https://www.sudoc.fr/\" ppn \".xml\") {:headers {\"User-Agent\" user-agent}}))")
        s.write("src/brackenwood/harvest/throttle.clj", "(ns brackenwood.harvest.throttle)\n\n(defn per-second [n] (atom {:n n :window 0 :count 0}))\n\n(defn acquire! [limiter] ;; bloque jusqu'à ce qu'un jeton soit disponible\n  ...)")
        s.write("test/brackenwood/harvest/throttle_test.clj", "(deftest never-more-than-10-per-second\n  (let [l (per-second 10) t0 (System/nanoTime)]\n    (dotimes [_ 30] (acquire! l))\n    (is (>= (- (System/nanoTime) t0) 2e9))))")
        s.bash("clojure -M:test --focus brackenwood.harvest.throttle-test", "1 tests, 1 assertions, 0 failures.")
        s.say("Le client SUDOC passe par un limiteur à 10 requêtes par seconde et envoie un User-Agent avec l'adresse de contact du consortium ; le test vérifie que 30 appels prennent au moins 2 secondes.")

    @session("p40-pt-techdebt-880-fields", "brackenwood", "2026-10-21T13:30:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("Um registro japonês da biblioteca de Coimbra saiu sem o título em kanji na busca. Só aparece a transliteração. Pode ver?")
        s.bash("clojure -M:dev -e \"(pp (fields (load-record \\\"dev/coimbra-jp.mrc\\\") #{\\\"245\\\" \\\"880\\\"}))\"", "{\"245\" [{:a \"Nihon no rekishi /\" :6 \"880-01\"}]\n \"880\" [{:6 \"245-01/$1\" :a \"日本の歴史 /\"}]}")
        s.grep("\"880\"", "No matches found", None, "src")
        s.say("O título em kanji está no campo 880 (representação gráfica alternativa), ligado ao 245 pelo subcampo $6. O normalizador ignora o 880 por completo — não há nenhuma referência a ele no código. Tratar isso direito significa ligar cada 880 ao seu campo pelo $6, indexar as duas formas e decidir qual mostrar; afeta títulos, autores e assuntos.")
        s.user("Hm, isso é maior do que eu pensava. Deixa pra depois da migração do índice, mas anota como dívida técnica, senão a gente esquece. Afeta todos os registros CJK, cirílicos e árabes.")
        s.edit("docs/debt.md", "# Debt\n", "# Debt\n\n## Campos 880 ignorados\n\nO normalizador descarta os campos 880 (representação gráfica alternativa, ligados por $6). Registros CJK, cirílicos e árabes ficam só com a transliteração na busca. Correção: ligar 880 ao campo de origem via $6 e indexar as duas formas. Adiado para depois da migração do índice.\n")
        s.say("Anotado em `docs/debt.md` na seção \"Campos 880 ignorados\", com o impacto e a correção proposta.")

    @session("p41-ja-preference-minimalplugins", "emberfield", "2026-10-22T03:10:41", ["preference"])
    def _(s):
        s.user("捕食システムのテストを書いてください。獲物が消えたらターゲットが外れること。")
        s.write("tests/predation.rs", "#[test]\nfn target_dropped_when_prey_despawned() {\n    let mut app = App::new();\n    app.add_plugins(DefaultPlugins).add_systems(FixedUpdate, chase);\n    let prey = app.world_mut().spawn((Prey, Transform::default())).id();\n    let pred = app.world_mut().spawn((Predator, Target(prey), Velocity::default(), Transform::default())).id();\n    app.world_mut().despawn(prey);\n    app.update();\n    assert!(app.world().get::<Target>(pred).is_none());\n}")
        s.bash("cargo test --test predation", "thread 'target_dropped_when_prey_despawned' panicked at winit: event loop must be created on the main thread")
        s.say("`DefaultPlugins` がウィンドウを作ろうとしてテストスレッドで失敗しました。")
        s.user("テストでは `DefaultPlugins` は使わないでください。うちでは必ず `MinimalPlugins` と必要なプラグインだけ足す形にしています。あと FixedUpdate は `app.world_mut().run_schedule(FixedUpdate)` で直接回すのがルールです。")
        s.edit("tests/predation.rs", "    app.add_plugins(DefaultPlugins).add_systems(FixedUpdate, chase);", "    app.add_plugins(MinimalPlugins).add_systems(FixedUpdate, chase);")
        s.edit("tests/predation.rs", "    app.update();", "    app.world_mut().run_schedule(FixedUpdate);")
        s.bash("cargo test --test predation", "running 1 test\ntest target_dropped_when_prey_despawned ... ok")
        s.say("`MinimalPlugins` に替え、`run_schedule(FixedUpdate)` で直接実行するようにしました。テストは通ります。")

    @session("p42-zh-constraint-sync-800ms", "kelpie", "2026-10-23T06:20:18", ["constraint"], ("decision",))
    def _(s):
        s.user("帮我给同步接口 /classify 加一个 30 秒的超时，现在大文档有时候会卡很久。")
        s.read("kelpie/api.py", "@app.post(\"/classify\")\nasync def classify(req: ClassifyRequest):\n    return await run_in_threadpool(model.predict, [req.text])")
        s.say("可以。不过先确认一下：30 秒对同步接口来说很长，客户端那边有没有超时要求？")
        s.user("哦对，你提醒得好。跟保险公司签的 SLA 里写了：同步接口 p99 必须在 800ms 以内，超过的请求算违约。所以同步接口超时只能设 800ms，大文档必须走异步 /jobs。这条以后所有同步接口都适用。")
        s.edit("kelpie/api.py", "    return await run_in_threadpool(model.predict, [req.text])", "    # SLA：同步接口 p99 ≤ 800 ms；超时的请求转异步 /jobs\n    try:\n        return await asyncio.wait_for(run_in_threadpool(model.predict, [req.text]), timeout=0.8)\n    except asyncio.TimeoutError:\n        job = enqueue(req)\n        return JSONResponse(status_code=202, content={\"job_id\": job.id, \"status_url\": f\"/jobs/{job.id}\"})")
        s.bash("pytest -q tests/test_classify_sync.py", "....                                                                 [100%]\n4 passed in 3.10s")
        s.say("同步 /classify 的超时设为 800 ms，超时后自动转成异步任务并返回 202 和 `/jobs/{id}`。测试通过。")

    @session("p43-ko-decision-usdc-only", "hollowpine", "2026-10-28T05:44:09", ["decision"])
    def _(s):
        s.user("에스크로에서 USDC 말고 다른 토큰도 받자는 요청이 있는데, 어떻게 하면 좋을까요? 옵션 정리 좀 해주세요.")
        s.read("src/EscrowFactory.sol", "    IERC20 public immutable usdc;\n    function createEscrow(address freelancer, uint256 amount, uint256[] calldata milestones) external returns (address)")
        s.say(
            "옵션은 세 가지 정도입니다.\n\n"
            "1. **USDC만 유지**: 지금 구조 그대로. 수수료 계산, 테스트, 감사 범위가 단순합니다.\n"
            "2. **허용 목록(allowlist) 방식**: 타임락으로 토큰을 추가. fee-on-transfer 토큰이나 소수점 자릿수가 다른 토큰(USDT 6, DAI 18)을 모두 고려해야 하고, 감사 범위가 넓어집니다.\n"
            "3. **아무 ERC-20이나**: 가장 유연하지만 악성 토큰 위험이 커서 권하지 않습니다."
        )
        s.user("USDC만 지원하는 걸로 가자. 요청한 고객도 결국 USDC로 정산하고, 2번은 감사 다시 받아야 해서 비용 대비 의미 없음. 대신 프론트에서 다른 토큰 선택하면 안내 문구 나오게 해줘")
        s.edit("app/src/components/TokenSelect.tsx", "  const tokens = [USDC];", "  // USDC만 지원 (다른 토큰은 감사 범위 밖)\n  const tokens = [USDC];\n  const unsupportedHint = \"현재 USDC만 지원합니다.\";")
        s.bash("pnpm --dir app test TokenSelect", " ✓ src/components/TokenSelect.test.tsx (3 tests) 41ms\n Test Files  1 passed (1)")
        s.say("컨트랙트는 그대로 USDC만 받고, 프론트의 토큰 선택에 \"현재 USDC만 지원합니다.\" 안내를 추가했습니다. 테스트 통과.")

    @session("p44-es-long-alembic-heads-feedback", "kelpie", "2026-11-05T09:02:30", ["session_summary", "runbook", "preference"], ("decision",))
    def _(s):
        s.user("Buenos días. Hoy toca la tabla de feedback: los analistas marcan si la clasificación fue correcta y guardamos la etiqueta corregida. Primero mira cómo están los modelos y las migraciones.")
        s.work([
            ("bash", "ls kelpie/db/ migrations/versions/ | head -20", "kelpie/db/:\n__init__.py\nmodels.py\nsession.py\n\nmigrations/versions/:\n2026_09_02_1012-a1c3_jobs.py\n2026_09_20_1530-b7e2_job_results.py\n2026_10_14_0911-c4d8_model_variants.py\n2026_10_15_1744-d91f_job_priority.py"),
            ("read", "kelpie/db/models.py", "class Job(Base):\n    __tablename__ = \"jobs\"\n    id: Mapped[uuid.UUID] = mapped_column(primary_key=True)\n    model: Mapped[str]\n    status: Mapped[str]\n    result: Mapped[dict | None] = mapped_column(JSONB)"),
            ("bash", "alembic heads", "c4d8e2a91b07 (head)\nd91f00ab3c55 (head)"),
        ])
        s.say("Antes de añadir nada hay un problema: Alembic tiene **dos heads** (`c4d8` de variantes de modelo y `d91f` de prioridad de jobs). Las dos ramas salieron de `b7e2` y se fusionaron en git sin fusionar las migraciones. `alembic upgrade head` falla así en un entorno limpio, y probablemente por eso el despliegue de staging de ayer se quedó a medias.")
        s.work([
            ("bash", "alembic upgrade head", "ERROR [alembic.util.messaging] Multiple head revisions are present for given argument 'head'; please specify a specific target revision, '<branchname>@head' to narrow to a specific head, or 'heads' for all heads", None),
            ("bash", "alembic history -r b7e2: --verbose | grep -E 'Rev|Parent'", "Rev: d91f00ab3c55 (head)\nParent: b7e21c6f8a10\nRev: c4d8e2a91b07 (head)\nParent: b7e21c6f8a10"),
            ("bash", "alembic merge -m \"merge model variants and job priority\" c4d8e2a91b07 d91f00ab3c55", "Generating migrations/versions/2026_11_05_0915-e0a4_merge_model_variants_and_job_priority.py ...  done"),
            ("bash", "alembic heads && docker compose run --rm api alembic upgrade head", "e0a47f12c9d3 (head)\nINFO  [alembic.runtime.migration] Running upgrade b7e2 -> c4d8\nINFO  [alembic.runtime.migration] Running upgrade b7e2 -> d91f\nINFO  [alembic.runtime.migration] Running upgrade c4d8, d91f -> e0a4, merge model variants and job priority"),
            ("bash", "psql $STAGING_DATABASE_URL -c 'select version_num from alembic_version'", " version_num\n--------------\n c4d8e2a91b07\n(1 row)"),
        ])
        s.say("Con la migración de fusión hay un solo head y una base limpia sube entera. Staging está en `c4d8`, o sea le falta `d91f` (la columna `priority`), que es justo lo que fallaba ayer en los jobs.")
        s.user("Vale, aplícalo en staging. Y apunta esto en docs/runbooks/, nos ha pasado dos veces ya con ramas largas.")
        s.work([
            ("bash", "kubectl -n kelpie-staging exec deploy/kelpie-api -- alembic upgrade head", "INFO  [alembic.runtime.migration] Running upgrade b7e2 -> d91f\nINFO  [alembic.runtime.migration] Running upgrade c4d8, d91f -> e0a4"),
            ("bash", "kubectl -n kelpie-staging exec deploy/kelpie-api -- alembic current", "e0a47f12c9d3 (head)"),
            ("write", "docs/runbooks/alembic-dos-heads.md", "# Alembic: \"Multiple head revisions\"\n\nSíntoma: `alembic upgrade head` falla con `Multiple head revisions are present`, o un entorno queda en una revisión intermedia y faltan columnas.\n\nCausa: dos ramas de git añadieron migraciones con el mismo padre; al fusionar las ramas quedan dos heads.\n\nDiagnóstico: `alembic heads` muestra más de uno; `alembic history -r <padre>: --verbose` muestra el padre común.\n\nSolución: `alembic merge -m \"merge ...\" <head1> <head2>`, commit, y `alembic upgrade head` en cada entorno.\n\nVerificación: `alembic heads` muestra uno solo; `alembic current` en el entorno coincide con él.\n"),
        ])
        s.say("Staging está en `e0a4` (head) y el runbook está en `docs/runbooks/alembic-dos-heads.md`. Ahora la tabla de feedback.")
        s.work([
            ("edit", "kelpie/db/models.py", "class Job(Base):", "class Feedback(Base):\n    __tablename__ = \"feedback\"\n    id: Mapped[int] = mapped_column(primary_key=True)\n    job_id: Mapped[uuid.UUID] = mapped_column(ForeignKey(\"jobs.id\", ondelete=\"CASCADE\"), index=True)\n    correct: Mapped[bool]\n    corrected_label: Mapped[str | None]\n    analyst: Mapped[str]\n    created_at: Mapped[datetime] = mapped_column(server_default=func.now())\n\n\nclass Job(Base):"),
            ("bash", "alembic revision --autogenerate -m \"add feedback\"", "INFO  [alembic.autogenerate.compare] Detected added table 'feedback'\nINFO  [alembic.autogenerate.compare] Detected added index 'ix_feedback_job_id' on '('job_id',)'\nGenerating migrations/versions/2026_11_05_1003-f3b1_add_feedback.py ...  done"),
            ("read", "migrations/versions/2026_11_05_1003-f3b1_add_feedback.py", "def upgrade():\n    op.create_table(\"feedback\", ...)\n    op.create_index(\"ix_feedback_job_id\", \"feedback\", [\"job_id\"])\n\ndef downgrade():\n    op.drop_index(\"ix_feedback_job_id\", table_name=\"feedback\")\n    op.drop_table(\"feedback\")"),
            ("write", "kelpie/routes/feedback.py", "from fastapi import APIRouter, Depends, HTTPException\nfrom pydantic import BaseModel\n\nrouter = APIRouter()\n\n\nclass FeedbackIn(BaseModel):\n    correct: bool\n    corrected_label: str | None = None\n\n\n@router.post(\"/jobs/{job_id}/feedback\", status_code=201)\nasync def add_feedback(job_id: uuid.UUID, body: FeedbackIn, db=Depends(session), analyst=Depends(current_analyst)):\n    job = await db.get(Job, job_id)\n    if job is None:\n        raise HTTPException(404)\n    if not body.correct and not body.corrected_label:\n        raise HTTPException(422, \"corrected_label required when correct is false\")\n    db.add(Feedback(job_id=job_id, analyst=analyst, **body.model_dump()))\n    await db.commit()"),
            ("write", "tests/test_feedback.py", "import unittest\n\n\nclass FeedbackTests(unittest.TestCase):\n    def test_feedback_requires_label_when_incorrect(self):\n        r = self.client.post(f\"/jobs/{self.job_id}/feedback\", json={\"correct\": False})\n        self.assertEqual(r.status_code, 422)"),
        ])
        s.user("Los tests así no. Aquí todo es pytest con funciones sueltas y fixtures, nada de clases `unittest.TestCase`; y usa el fixture `job` de conftest en vez de crear el job a mano.")
        s.work([
            ("read", "tests/conftest.py", "@pytest.fixture\ndef client(app): ...\n\n@pytest.fixture\ndef job(db): ...\n    return Job(id=uuid.uuid4(), model=\"claims\", status=\"done\")"),
            ("write", "tests/test_feedback.py", "def test_feedback_requires_label_when_incorrect(client, job):\n    r = client.post(f\"/jobs/{job.id}/feedback\", json={\"correct\": False})\n    assert r.status_code == 422\n\n\ndef test_feedback_saved(client, job, db):\n    r = client.post(f\"/jobs/{job.id}/feedback\", json={\"correct\": False, \"corrected_label\": \"motor\"})\n    assert r.status_code == 201\n    assert db.scalar(select(Feedback.corrected_label)) == \"motor\"\n\n\ndef test_feedback_unknown_job(client):\n    r = client.post(f\"/jobs/{uuid.uuid4()}/feedback\", json={\"correct\": True})\n    assert r.status_code == 404"),
            ("edit", "kelpie/api.py", "app.include_router(jobs.router)", "app.include_router(jobs.router)\napp.include_router(feedback.router)"),
            ("bash", "pytest -q tests/test_feedback.py", "...                                                                  [100%]\n3 passed in 1.22s"),
            ("bash", "pytest -q", "..............................................................       [100%]\n61 passed in 6.70s"),
            ("bash", "alembic heads", "f3b1c8d20e44 (head)"),
            ("bash", "ruff check . && ruff format --check .", "All checks passed!\n74 files already formatted"),
        ])
        s.user("Perfecto. Hazme un resumen para la descripción del PR.")
        s.say(
            "**Feedback de analistas + arreglo de migraciones**\n\n"
            "Hecho:\n"
            "- Migraciones: había dos heads de Alembic (`c4d8` variantes de modelo, `d91f` prioridad de jobs); añadida la migración de fusión "
            "`e0a4`. Staging estaba en `c4d8` sin la columna `priority` (el fallo de ayer); ya está en head. Procedimiento en "
            "`docs/runbooks/alembic-dos-heads.md`.\n"
            "- Tabla `feedback` (job, correcto sí/no, etiqueta corregida, analista, fecha) con su migración `f3b1`.\n"
            "- `POST /jobs/{job_id}/feedback`: 201 al guardar, 404 si el job no existe, 422 si `correct` es falso sin `corrected_label`.\n"
            "- Tests con pytest y el fixture `job` (3 nuevos, 61 en total en verde); ruff limpio.\n\n"
            "Pendiente:\n"
            "- Aplicar `f3b1` en staging y producción con el despliegue.\n"
            "- Exportar el feedback para el reentrenamiento (no incluido)."
        )

    @session("p45-de-preference-no-refer-all-isbn-debt", "brackenwood", "2026-11-06T10:41:15", ["preference", "tech_debt"], ("decision",))
    def _(s):
        s.user("Kannst du für `normalise-isbn` Tests schreiben? ISBN-10 nach ISBN-13, Bindestriche weg, ungültige Prüfziffer → nil.")
        s.write("test/brackenwood/normalise/isbn_test.clj", "(ns brackenwood.normalise.isbn-test\n  (:require [clojure.test :refer :all]\n            [brackenwood.normalise.isbn :refer :all]))\n\n(deftest isbn10->13\n  (is (= \"9783161484100\" (normalise-isbn \"3-16-148410-X\"))))\n\n(deftest invalid-check-digit\n  (is (nil? (normalise-isbn \"3-16-148410-0\"))))")
        s.bash("clojure -M:test --focus brackenwood.normalise.isbn-test", "FAIL in (invalid-check-digit)\nexpected: (nil? (normalise-isbn \"3-16-148410-0\"))\n  actual: (not (nil? \"9783161484100\"))\n2 tests, 2 assertions, 1 failures.")
        s.say("Der zweite Test schlägt fehl: `normalise-isbn` prüft die Prüfziffer der ISBN-10 gar nicht, sondern rechnet nur die ISBN-13-Prüfziffer neu aus. Ich schaue mir die Funktion an.")
        s.user("Moment, zwei Dinge. Erstens: bei uns kein `:refer :all`, auch nicht in Tests. Immer `[clojure.test :refer [deftest is testing]]` und den Namespace unter Test mit Alias. Zweitens, die Prüfziffer: das ist Absicht gewesen, weil die Altdaten aus Tartu voller falscher Prüfziffern sind und wir die Datensätze sonst verlieren würden. Sauber wäre: Prüfziffer validieren und die Tartu-Daten gesondert markieren. Das machen wir aber erst nach der Tartu-Migration im Januar. Bitte als Schuld in docs/debt.md eintragen und den Test vorerst auf das aktuelle Verhalten setzen.")
        s.write("test/brackenwood/normalise/isbn_test.clj", "(ns brackenwood.normalise.isbn-test\n  (:require [clojure.test :refer [deftest is testing]]\n            [brackenwood.normalise.isbn :as isbn]))\n\n(deftest isbn10->13\n  (testing \"Bindestriche weg, ISBN-13 mit neuer Prüfziffer\"\n    (is (= \"9783161484100\" (isbn/normalise-isbn \"3-16-148410-X\")))))\n\n(deftest invalid-check-digit-is-kept\n  (testing \"ISBN-10-Prüfziffer wird bewusst nicht geprüft (Tartu-Altdaten, siehe docs/debt.md)\"\n    (is (= \"9783161484100\" (isbn/normalise-isbn \"3-16-148410-0\")))))")
        s.edit("docs/debt.md", "# Debt\n", "# Debt\n\n## ISBN-10-Prüfziffer wird nicht geprüft\n\n`normalise-isbn` akzeptiert ISBN-10 mit falscher Prüfziffer, weil die Tartu-Altdaten viele davon enthalten. Folge: falsche ISBNs landen im Index. Lösung: Prüfziffer validieren, Tartu-Datensätze gesondert markieren. Nach der Tartu-Migration (Januar).\n")
        s.bash("clojure -M:test --focus brackenwood.normalise.isbn-test", "2 tests, 2 assertions, 0 failures.")
        s.say("Tests mit `:refer [deftest is testing]` und Alias `isbn` umgeschrieben; der zweite Test hält das aktuelle Verhalten fest. Die fehlende Prüfziffer-Validierung steht in `docs/debt.md`.")

    @session("p46-ja-long-determinism-multithreaded", "emberfield", "2026-11-09T01:30:00", ["session_summary", "runbook", "constraint"], ("decision", "tech_debt"))
    def _(s):
        s.user(
            "研究室から連絡があって、同じシードで回したのにチェックサムが毎回変わるそうです。論文の再現性の条件として、同じシード・同じ設定なら"
            "どのマシンでもビット単位で同じ結果が出ることが必須なので、これは最優先でお願いします。seed 7 で 2 回回して確認してください。"
        )
        s.work([
            ("bash", "for i in 1 2; do cargo run --release --features headless -- --fish 5000 --ticks 2000 --seed 7 | tail -1; done", "run finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x7c02aa51"),
            ("bash", "for i in 1 2 3; do cargo run --release --features headless -- --fish 5000 --ticks 2000 --seed 7 --threads 1 | tail -1; done", "run finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x41be09d3"),
            ("bash", "git log --oneline -8 -- Cargo.toml src/sim", "a71c0e2 web build: bevy without default features\n9d3b551 schooling: uniform grid\n..."),
            ("read", "Cargo.toml", "bevy = { version = \"0.14\", default-features = false, features = [..., \"multi_threaded\"] }"),
        ])
        s.say("1 スレッドだと 3 回とも `0x41be09d3` で一致し、複数スレッドだとずれます。先日の Web ビルド縮小で `multi_threaded` フィーチャーを明示的に有効にしたので、ヘッドレス実行でもシステムが並列に動くようになり、実行順序に依存する箇所が結果を変えていると考えられます。どのシステムか特定します。")
        s.work([
            ("grep", "par_iter|par_iter_mut", "src/sim/schooling.rs:22:    q.par_iter_mut().for_each(|(e, t, mut v)| {\nsrc/sim/plankton.rs:40:    cells.par_iter_mut().for_each(|c| {"),
            ("read", "src/sim/schooling.rs", "    q.par_iter_mut().for_each(|(e, t, mut v)| {\n        let mut acc = Vec2::ZERO;\n        for o in grid.near(t.translation.truncate()) { ... acc += steer(o); }\n        v.0 += acc * dt;\n    });"),
            ("read", "src/sim/grid.rs", "pub fn rebuild(&mut self, it: impl Iterator<Item = (Entity, Vec2)>) {\n    self.cells.clear();\n    for (e, p) in it { self.cells.entry(cell_of(p)).or_default().push(e); }\n}"),
            ("read", "src/sim/mod.rs", "app.add_systems(FixedUpdate, (grid::rebuild_system, schooling, predation::chase, plankton::diffuse, feeding).chain_ignore_deferred());\napp.add_systems(FixedUpdate, spawn::breed);"),
        ])
        s.say(
            "原因は二つありそうです。\n\n"
            "1. `grid::rebuild` はクエリの反復順にエンティティをセルへ積むので、セル内の順序がスケジューリング次第で変わります。`schooling` はその順に `f32` を足し込むため、"
            "浮動小数点の加算順が変わって結果がずれます。\n"
            "2. `spawn::breed` は他のシステムと順序が決まっていない (`chain` の外) ので、並列実行時に `feeding` の前後どちらにも入りえます。"
        )
        s.work([
            ("edit", "src/sim/grid.rs", "    for (e, p) in it { self.cells.entry(cell_of(p)).or_default().push(e); }\n}", "    for (e, p) in it { self.cells.entry(cell_of(p)).or_default().push(e); }\n    // 決定性: セル内の順序を Entity で固定 (f32 の加算順が結果に効く)\n    for v in self.cells.values_mut() { v.sort_unstable(); }\n}"),
            ("edit", "src/sim/mod.rs", "app.add_systems(FixedUpdate, spawn::breed);", "app.add_systems(FixedUpdate, spawn::breed.after(feeding));"),
            ("bash", "for i in 1 2 3; do cargo run --release --features headless -- --fish 5000 --ticks 2000 --seed 7 | tail -1; done", "run finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x3a9d771e"),
        ])
        s.say("まだ 3 回目がずれます。`plankton::diffuse` の `par_iter_mut` も確認します。")
        s.work([
            ("read", "src/sim/plankton.rs", "    cells.par_iter_mut().for_each(|c| {\n        c.food += c.growth * dt;\n        eaten.fetch_add(c.consumed, Ordering::Relaxed);  // f32 as bits, CAS loop\n    });"),
            ("grep", "eaten", "src/sim/plankton.rs:38:    let eaten = AtomicF32::new(0.0);\nsrc/sim/plankton.rs:42:        eaten.fetch_add(c.consumed, Ordering::Relaxed);\nsrc/sim/plankton.rs:45:    stats.total_eaten += eaten.load(Ordering::Relaxed);\nsrc/sim/feeding.rs:19:    let scale = stats.total_eaten / stats.capacity;"),
            ("edit", "src/sim/plankton.rs", "    cells.par_iter_mut().for_each(|c| {\n        c.food += c.growth * dt;\n        eaten.fetch_add(c.consumed, Ordering::Relaxed);  // f32 as bits, CAS loop\n    });", "    cells.par_iter_mut().for_each(|c| c.food += c.growth * dt);\n    // 決定性: 合計は順序固定の逐次ループで (アトミックな f32 加算は順序が不定)\n    let eaten: f32 = cells.iter().map(|c| c.consumed).sum();"),
            ("edit", "src/sim/plankton.rs", "    stats.total_eaten += eaten.load(Ordering::Relaxed);", "    stats.total_eaten += eaten;"),
            ("bash", "for i in 1 2 3 4 5; do cargo run --release --features headless -- --fish 5000 --ticks 2000 --seed 7 | tail -1; done", "run finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x41be09d3\nrun finished: 2000 ticks, checksum 0x41be09d3"),
            ("bash", "for t in 1 2 8; do cargo run --release --features headless -- --fish 20000 --ticks 5000 --seed 11 --threads $t | tail -1; done", "run finished: 5000 ticks, checksum 0xd0e4417b\nrun finished: 5000 ticks, checksum 0xd0e4417b\nrun finished: 5000 ticks, checksum 0xd0e4417b"),
        ])
        s.user("直りましたね。再発したときのために、調べ方と直し方を docs/determinism.md に書いておいてください。あと CI でも検出できるようにしたいです。")
        s.work([
            ("write", "docs/determinism.md", "# 再現性 (決定性) の要件と、崩れたときの対処\n\n要件: 同じシード・同じ設定なら、スレッド数やマシンによらずチェックサムがビット単位で一致すること (研究室の論文の再現性条件)。\n\n## 症状\n同じ `--seed` で実行するたびに `checksum` が変わる。\n\n## 調べ方\n1. `--threads 1` で 3 回実行。一致するなら並列実行の順序依存が原因。\n2. `rg 'par_iter|Atomic'` で並列反復とアトミック演算を探す。f32 の足し込み順が変わる箇所が怪しい。\n3. `FixedUpdate` のシステムで順序指定 (`chain` / `after`) のないものを確認する。\n\n## 直し方\n- 集計はアトミックではなく逐次ループで。\n- 反復順に依存する構造 (グリッドのセルなど) は `Entity` でソート。\n- 順序が結果に効くシステムには `after` / `chain` を付ける。\n\n## 確認\n`--threads 1 2 8` で同じチェックサムになること。CI の `determinism` ジョブが同じことを確認する。\n"),
            ("edit", ".github/workflows/ci.yml", "  test:\n", "  determinism:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: |\n          for t in 1 2 8; do cargo run --release --features headless -- --fish 2000 --ticks 1000 --seed 7 --threads $t | tail -1; done | sort -u | wc -l | grep -qx 1\n  test:\n"),
            ("bash", "act -j determinism 2>&1 | tail -2", "[ci/determinism] ✅  Success - Main run\n[ci/determinism] 🏁  Job succeeded"),
            ("bash", "cargo test -q", "test result: ok. 49 passed; 0 failed; 0 ignored"),
            ("bash", "cargo bench --bench tick -- --quick 2>&1 | grep -E 'tick/20k'", "tick/20k  time: [3.92 ms 3.97 ms 4.03 ms]  change: [+6.1% +6.8% +7.4%]"),
        ])
        s.say("セル内ソートと逐次集計のぶん、20k 匹で 1 ティックあたり約 7% 遅くなりました (3.97 ms)。要件が優先なので許容範囲だと思いますが、気になるならソートを前回の順序を使った挿入ソートに替える余地はあります。")
        s.user("7% なら問題ないです。最後に研究室向けにまとめをお願いします。")
        s.say(
            "**再現性の不具合についてのまとめ**\n\n"
            "- **症状**: 同じシードでもチェックサムが実行ごとに変わっていました。\n"
            "- **原因**: Web ビルドの縮小作業で `multi_threaded` が有効になり、シミュレーションのシステムが並列実行されるようになったこと。そのうえで (1) 空間グリッドのセル内の順序が反復順に依存し、群れ計算の f32 加算順が変わっていた、"
            "(2) プランクトンの摂食量をアトミックな f32 加算で集計していた、(3) `spawn::breed` の実行順が決まっていなかった、の 3 点です。\n"
            "- **修正**: セル内を `Entity` でソート、集計を逐次ループに変更、`breed` を `feeding` の後に固定。\n"
            "- **確認**: seed 7 で 5 回、seed 11・20k 匹で 1/2/8 スレッドとも同一チェックサム。テスト 49 件成功。性能は 1 ティックあたり約 7% 低下。\n"
            "- **再発防止**: 調べ方と直し方を `docs/determinism.md` に記載し、CI に `determinism` ジョブ (1/2/8 スレッドでチェックサム一致) を追加しました。\n\n"
            "以前のバージョンで出した結果は、1 スレッドで実行したものであれば影響はありません。"
        )

    @session("p47-ko-natspec-and-arbitrum-script-debt", "hollowpine", "2026-11-10T07:12:44", ["tech_debt", "preference"], ("decision",))
    def _(s):
        s.user("Arbitrum Sepolia에도 배포해야 해요. 배포 스크립트 만들어 주세요.")
        s.read("script/Deploy.s.sol", "contract Deploy is Script {\n    address constant USDC = 0x036C...CF7e; // Base Sepolia\n    function run() external {\n        vm.startBroadcast();\n        ...\n    }\n}")
        s.write("script/DeployArbitrum.s.sol", "contract DeployArbitrum is Script {\n    address constant USDC = 0x75fa...AA4d; // Arbitrum Sepolia\n\n    function run() external {\n        vm.startBroadcast();\n        TimelockController tl = new TimelockController(2 days, proposers, executors, address(0));\n        ...\n    }\n}")
        s.say("`Deploy.s.sol`을 복사해서 USDC 주소와 멀티시그 주소만 Arbitrum Sepolia 값으로 바꾼 `DeployArbitrum.s.sol`을 만들었습니다. 두 스크립트를 하나로 합치고 체인별 설정을 `deployments/<chainId>.json`에서 읽게 하는 편이 중복이 없지만, 그러면 Base 쪽 스크립트도 바뀝니다.")
        s.user("일단 복사본으로 가요. 합치는 건 감사 끝나고 Base 스크립트 건드려도 될 때 하죠. 그건 debt에 적어 주세요. 그리고 스크립트 `run()`에 NatSpec 주석이 없네요. 우리는 external/public 함수엔 스크립트든 컨트랙트든 `/// @notice` 랑 `@dev` 꼭 붙여요.")
        s.edit("script/DeployArbitrum.s.sol", "    function run() external {", "    /// @notice Arbitrum Sepolia에 EscrowFactory, MilestoneLib, TimelockController(48h)를 배포한다.\n    /// @dev Deploy.s.sol의 복사본. 체인별 설정 통합은 docs/debt.md 참고.\n    function run() external {")
        s.edit("docs/debt.md", "## Open\n", "## Open\n\n- `script/DeployArbitrum.s.sol`은 `Deploy.s.sol`의 복사본 (주소만 다름). 감사 후 하나의 스크립트로 합치고 체인별 값은 `deployments/<chainId>.json`에서 읽을 것.\n")
        s.bash("forge script script/DeployArbitrum.s.sol --rpc-url $ARB_SEPOLIA_RPC --account deployer", "Script ran successfully.\n== Logs ==\n  EscrowFactory: 0x2b91...7a0c (simulated)")
        s.say("`run()`에 `@notice`/`@dev`를 달았고, 시뮬레이션은 성공했습니다. 스크립트 중복은 `docs/debt.md`에 기록했습니다. 실제 배포는 `--broadcast`를 붙이면 됩니다.")

    @session("p48-zh-long-ab-routing", "kelpie", "2026-11-12T02:05:10", ["session_summary", "decision"], ("preference", "tech_debt"))
    def _(s):
        s.user("今天要上线 claims-v8，先给 10% 的流量做 A/B。看一下现在路由是怎么选模型版本的。")
        s.work([
            ("grep", "current_model|variant", "kelpie/api.py:58:    ref = registry.current_model(req.model)\nkelpie/registry.py:31:def current_model(name: str) -> ModelRef:\nkelpie/registry.py:12:VARIANTS = {\"gpu\": \"model.onnx\", \"cpu\": \"model-int8.onnx\"}"),
            ("read", "kelpie/registry.py", "def current_model(name: str) -> ModelRef:\n    manifest = json.loads(s3.get_object(Bucket=BUCKET, Key=f\"{name}/manifest.json\")[\"Body\"].read())\n    return ModelRef(**manifest[\"current\"])"),
            ("bash", "aws s3 cp s3://kelpie-models-eu/claims/manifest.json - | jq .", "{\n  \"current\": {\"version\": \"v7\", \"uri\": \"s3://kelpie-models-eu/claims/v7/\"},\n  \"previous\": {\"version\": \"v6\", \"uri\": \"s3://kelpie-models-eu/claims/v6/\"}\n}"),
        ])
        s.say(
            "现在 manifest 只有一个 `current`，每个请求都用它。做 10% 分流有两种方式：\n\n"
            "1. **每个请求随机**：实现最简单，但同一个客户的文档会在 v7 和 v8 之间来回跳，分析师看到的结果前后不一致。\n"
            "2. **按客户 ID 哈希（粘性）**：同一客户始终落在同一个版本，结果一致，也方便按客户比较反馈；缺点是大客户会让实际比例偏离 10%。"
        )
        s.user("按客户哈希。分析师那边一致性更重要，比例偏一点没关系。哈希用 client_id 加模型名，不然所有模型的实验都会分到同一批客户。")
        s.work([
            ("edit", "kelpie/registry.py", "def current_model(name: str) -> ModelRef:\n    manifest = json.loads(s3.get_object(Bucket=BUCKET, Key=f\"{name}/manifest.json\")[\"Body\"].read())\n    return ModelRef(**manifest[\"current\"])", "def current_model(name: str, client_id: str) -> ModelRef:\n    manifest = json.loads(s3.get_object(Bucket=BUCKET, Key=f\"{name}/manifest.json\")[\"Body\"].read())\n    canary = manifest.get(\"canary\")\n    if canary and _bucket(client_id, name) < canary[\"percent\"]:\n        return ModelRef(**canary)\n    return ModelRef(**manifest[\"current\"])\n\n\ndef _bucket(client_id: str, model: str) -> int:\n    \"\"\"按 client_id + 模型名 的稳定哈希分桶 (0-99)，同一客户始终同一版本。\"\"\"\n    return int.from_bytes(hashlib.sha256(f\"{model}:{client_id}\".encode()).digest()[:4], \"big\") % 100"),
            ("grep", "current_model\\(", "kelpie/api.py:58:    ref = registry.current_model(req.model)\nkelpie/tasks.py:21:    ref = registry.current_model(name)\ntests/test_registry.py:14:    ref = registry.current_model(\"claims\")\ntests/test_registry.py:27:    ref = registry.current_model(\"claims\")"),
            ("edit", "kelpie/api.py", "    ref = registry.current_model(req.model)", "    ref = registry.current_model(req.model, client_id=principal.client_id)"),
            ("read", "kelpie/tasks.py", "@app.task(name=\"classify\")\ndef classify(doc_id: str, name: str = \"claims\") -> dict:\n    ref = registry.current_model(name)"),
            ("edit", "kelpie/tasks.py", "def classify(doc_id: str, name: str = \"claims\") -> dict:\n    ref = registry.current_model(name)", "def classify(doc_id: str, client_id: str, name: str = \"claims\") -> dict:\n    ref = registry.current_model(name, client_id=client_id)"),
            ("grep", "classify.delay|classify.apply_async|send_task\\(\"classify\"", "kelpie/api.py:91:    classify.delay(str(job.id))\nkelpie/jobs/retry.py:17:    classify.delay(job_id)"),
            ("edit", "kelpie/api.py", "    classify.delay(str(job.id))", "    classify.delay(str(job.id), client_id=principal.client_id)"),
            ("read", "kelpie/jobs/retry.py", "def retry_failed(db):\n    for job_id in failed_job_ids(db):\n        classify.delay(job_id)"),
            ("edit", "kelpie/jobs/retry.py", "    for job_id in failed_job_ids(db):\n        classify.delay(job_id)", "    for job_id, client_id in failed_jobs(db):\n        classify.delay(job_id, client_id=client_id)"),
            ("edit", "tests/test_registry.py", "def test_current_model_first_call(fake_manifest):\n    ref = registry.current_model(\"claims\")", "def test_current_model_first_call(fake_manifest):\n    ref = registry.current_model(\"claims\", client_id=\"acme\")"),
            ("write", "tests/test_canary.py", "def test_same_client_same_version(fake_manifest):\n    fake_manifest(canary={\"version\": \"v8\", \"uri\": \"s3://x/v8/\", \"percent\": 10})\n    seen = {registry.current_model(\"claims\", client_id=\"acme\").version for _ in range(50)}\n    assert len(seen) == 1\n\n\ndef test_about_ten_percent(fake_manifest):\n    fake_manifest(canary={\"version\": \"v8\", \"uri\": \"s3://x/v8/\", \"percent\": 10})\n    share = sum(registry.current_model(\"claims\", client_id=f\"c{i}\").version == \"v8\" for i in range(10_000)) / 10_000\n    assert 0.08 < share < 0.12\n\n\ndef test_model_name_changes_bucket():\n    assert [registry._bucket(f\"c{i}\", \"claims\") for i in range(20)] != [registry._bucket(f\"c{i}\", \"motor\") for i in range(20)]"),
            ("bash", "pytest -q tests/test_registry.py tests/test_canary.py", "FAILED tests/test_registry.py::test_current_model_second_call - TypeError: current_model() missing 1 required positional argument: 'client_id'\n1 failed, 8 passed in 1.02s"),
            ("edit", "tests/test_registry.py", "def test_current_model_second_call(fake_manifest):\n    ref = registry.current_model(\"claims\")", "def test_current_model_second_call(fake_manifest):\n    ref = registry.current_model(\"claims\", client_id=\"acme\")"),
            ("bash", "pytest -q", "...............................................................      [100%]\n64 passed in 7.11s"),
        ])
        s.say("代码和测试都好了。上线需要在 manifest 里加 `canary`。注意：旧版本 worker 收到带 `client_id` 的任务会报错，所以要先部署 worker，再部署 API。")
        s.user("好，按这个顺序来，先 staging。")
        s.work([
            ("bash", "kubectl -n kelpie-staging set image deploy/kelpie-worker worker=registry.internal/kelpie:2026.11.12-1 && kubectl -n kelpie-staging rollout status deploy/kelpie-worker", "deployment \"kelpie-worker\" successfully rolled out"),
            ("bash", "kubectl -n kelpie-staging set image deploy/kelpie-api api=registry.internal/kelpie:2026.11.12-1 && kubectl -n kelpie-staging rollout status deploy/kelpie-api", "deployment \"kelpie-api\" successfully rolled out"),
            ("bash", "aws s3 cp s3://kelpie-models-eu-staging/claims/manifest.json - | jq '.canary = {\"version\":\"v8\",\"uri\":\"s3://kelpie-models-eu-staging/claims/v8/\",\"percent\":10}' | aws s3 cp - s3://kelpie-models-eu-staging/claims/manifest.json", ""),
            ("bash", "python scripts/smoke_canary.py --env staging --clients 200", "clients: 200  v8: 23 (11.5%)  v7: 177\nsticky: 200/200 clients saw one version over 5 requests each\nerrors: 0"),
        ])
        s.user("staging 没问题。写个总结，我贴到 MR 里，生产明天上。")
        s.say(
            "**claims-v8 A/B（10%）— 合并请求说明**\n\n"
            "已完成：\n"
            "- manifest 支持可选的 `canary`（版本、URI、百分比）。\n"
            "- 分流方式：按 `client_id` + 模型名的 SHA-256 稳定分桶（粘性），同一客户始终用同一版本；不同模型的实验分到不同客户群。没有采用按请求随机。\n"
            "- `current_model` 需要 `client_id`；API、`classify` 任务和失败重试都已传入。\n"
            "- 测试：粘性、约 10% 比例、模型名影响分桶，共 64 个测试通过。\n"
            "- staging：已按先 worker 后 API 的顺序部署，manifest 已加 10% canary；200 个客户的冒烟测试中 v8 占 11.5%，每个客户版本一致，无错误。\n\n"
            "待办：\n"
            "- 生产明天上线，同样先 worker 再 API，最后改 manifest。\n"
            "- 大客户会让实际比例偏离 10%，需要按客户看反馈数据时注意。"
        )

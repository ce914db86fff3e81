"""Ninth held-out set: positive sessions not in English (user and assistant in the language)."""


def register(session):
    @session("v37-es-fotos-regata-r2", "halyard", "2026-11-14T10:30:00", ["decision"], ("constraint",))
    def _(s):
        s.user("los clubes quieren subir fotos de cada regata. ¿dónde las guardamos? ahora mismo no hay nada para ficheros")
        s.grep("upload|blob|storage", "nuxt.config.ts:12:  nitro: { preset: 'cloudflare-pages' },")
        s.say("Estamos en Cloudflare Pages, así que las opciones razonables son:\n\n- **R2** con subida directa desde el navegador mediante URL firmada: barato, sin coste de salida, pero las miniaturas las tenemos que generar nosotros (o usar Cloudflare Images delante).\n- **Cloudflare Images**: redimensiona y sirve variantes solo, pero se paga por imagen almacenada y servida; con miles de fotos por temporada sube rápido.\n- **Postgres (bytea)**: no, la base de datos crecería muchísimo.\n\n¿Cuál prefieres?")
        s.user("R2 con URL firmada. las miniaturas las hacemos con el resize de Cloudflare en la URL, que ya lo tenemos en el plan. Images se nos va de presupuesto con 3000 fotos por regata")
        s.write("server/api/races/[id]/photos/upload-url.post.ts", "export default defineEventHandler(async (event) => {\n  await requireUserSession(event)\n  const key = `races/${getRouterParam(event, 'id')}/${crypto.randomUUID()}.jpg`\n  return { key, url: await signR2Put(key, { expiresIn: 600 }) }\n})")
        s.say("Listo: `POST /api/races/:id/photos/upload-url` devuelve una URL firmada de R2 (10 min) para subir la foto directamente. Las miniaturas irán por `/cdn-cgi/image/width=400/...`.")

    @session("v38-de-daten-bleiben-auf-uni-speicher", "moraine", "2026-11-16T13:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user("Können wir die Rohdaten der Schweizer Kampagne für die Tests nach GitHub Actions holen? Die Testfälle wären dann realistischer.")
        s.say("Technisch ginge das über einen verschlüsselten Artefakt-Cache oder Git LFS; ich würde einen Ausschnitt von etwa 2 GB nehmen.")
        s.user("Nein, leider nicht. Laut Datennutzungsvereinbarung mit swisstopo dürfen die Rohpunktwolken den Speicher der Uni nicht verlassen, auch nicht in Ausschnitten, und auch nicht auf Laptops. Tests mit echten Daten laufen also nur auf dem Cluster. Für CI brauchen wir synthetische Daten.")
        s.read("tests/data/README.md", "Testdaten: synthetic_small.nc (erzeugt mit tools/make_synthetic.py)")
        s.edit("tests/data/README.md", "Testdaten: synthetic_small.nc (erzeugt mit tools/make_synthetic.py)", "Testdaten: synthetic_small.nc (erzeugt mit tools/make_synthetic.py)\n\nWichtig: Rohdaten der swisstopo-Kampagne dürfen laut Datennutzungsvereinbarung den Uni-Speicher nicht verlassen\n(auch keine Ausschnitte, keine Laptops, kein CI). Tests mit echten Daten nur auf dem Cluster: jobs/realdata-tests.pbs.")
        s.say("Verstanden. Ich habe die Regel in `tests/data/README.md` festgehalten; für CI bleiben wir bei synthetischen Daten aus `tools/make_synthetic.py`.")

    @session("v39-fr-rejouer-callbacks-dlq", "basalt", "2026-11-17T08:20:00", ["runbook"])
    def _(s):
        s.user("Salut, Inkhaus a eu une panne cette nuit, 340 callbacks sont partis dans la dead-letter queue. Comment on les rejoue ?")
        s.bash("npx ts-node scripts/queue-stats.ts partner-callbacks-dlq", "waiting: 340  oldest: 2026-11-17T01:12:44Z  newest: 2026-11-17T03:58:10Z")
        s.bash("npx ts-node scripts/dlq-replay.ts partner-callbacks-dlq --dry-run | tail -3", "would replay 340 jobs to partner-callbacks\n  by partner: inkhaus 340\n  duplicates (already applied): 12")
        s.say("Le script `dlq-replay.ts` sait les rejouer ; 12 sont déjà appliqués (le statut a été mis à jour par un callback ultérieur), il les saute. Je lance sans `--dry-run` ?")
        s.user("vas-y")
        s.bash("npx ts-node scripts/dlq-replay.ts partner-callbacks-dlq --skip-applied", "replayed 328 jobs, skipped 12, failed 0")
        s.user("Parfait. Note la procédure dans le runbook, la prochaine fois c'est peut-être Xiaoling qui sera d'astreinte")
        s.edit("docs/ops-runbook.md", "## Queues\n", "## Queues\n\n### Rejouer les callbacks partenaires en dead-letter\n\nAprès une panne d'un partenaire, les callbacks échoués finissent dans `partner-callbacks-dlq`.\n\n1. `npx ts-node scripts/queue-stats.ts partner-callbacks-dlq` : combien, et sur quelle période.\n2. `npx ts-node scripts/dlq-replay.ts partner-callbacks-dlq --dry-run` : vérifier le partenaire et le nombre de doublons.\n3. `npx ts-node scripts/dlq-replay.ts partner-callbacks-dlq --skip-applied` : rejoue, saute ceux déjà appliqués.\n4. Vérifier que `failed` vaut 0 ; sinon regarder les erreurs avant de relancer.\n")
        s.say("C'est ajouté dans `docs/ops-runbook.md`, section Queues.")

    @session("v40-pt-horarios-sem-fuso", "halyard", "2026-11-18T17:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("reparei que as horas de partida são guardadas como texto local ('14:05') sem fuso. a regata de Lisboa em março vai dar confusão com a mudança de hora?")
        s.read("prisma/schema.prisma", "model Race {\n  id        String @id\n  date      String // 'YYYY-MM-DD'\n  startTime String // 'HH:MM', local\n}")
        s.say("Enquanto todos os clubes estiverem no mesmo fuso e nenhuma prova atravessar a mudança de hora, funciona. O problema aparece no cálculo de tempos corrigidos se uma prova começar antes e terminar depois da mudança, ou com clubes noutro fuso (Açores, Canárias). O correto seria `DateTime` em UTC mais o fuso do clube.")
        s.user("pois, mas migrar isso mexe em todos os resultados antigos. fica para depois da temporada, agora não. põe no ficheiro de dívida técnica")
        s.edit("docs/TECH_DEBT.md", "# Tech debt\n", "# Tech debt\n\n- `Race.date` / `Race.startTime` são texto local sem fuso. Migrar para `DateTime` UTC + fuso do clube (Açores/Canárias, provas que atravessam a mudança de hora). Depois da temporada; exige migrar os resultados antigos.\n")
        s.say("Anotado em `docs/TECH_DEBT.md`.")

    @session("v41-ja-i18n-keys-no-hardcode", "thistledown", "2026-11-19T10:00:00", ["preference"])
    def _(s):
        s.user("レッスン一覧に「キャンセル済み」のラベルを追加してほしい")
        s.edit("src/renderer/components/LessonRow.tsx", "      {lesson.title}", "      {lesson.title}\n      {lesson.cancelled && <span className=\"tag\">キャンセル済み</span>}")
        s.say("`LessonRow.tsx` にラベルを追加しました。")
        s.user("文字列を直接書かないでください。このアプリは必ず i18next の t() を使って、キーは `lessons.status.cancelled` みたいに画面.意味 の形で。日本語だけじゃなくてドイツ語と英語も locales に入れてね。今後も全部そうして")
        s.edit("src/renderer/components/LessonRow.tsx", "      {lesson.cancelled && <span className=\"tag\">キャンセル済み</span>}", "      {lesson.cancelled && <span className=\"tag\">{t('lessons.status.cancelled')}</span>}")
        s.bash("node scripts/add-i18n-key.mjs lessons.status.cancelled --ja キャンセル済み --de Storniert --en Cancelled", "added lessons.status.cancelled to locales/ja.json, locales/de.json, locales/en.json")
        s.say("修正しました。`t('lessons.status.cancelled')` を使い、ja/de/en の locales にキーを追加しました。今後も文字列は同じ形にします。")

    @session("v42-zh-shenzhen-sftp-window", "basalt", "2026-11-19T03:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user("深圳的新合作方印象坊只接受 SFTP 上传，不提供 API。帮我看看怎么接进来")
        s.say("可以做一个 BullMQ 任务：订单路由到印象坊后，把 PDF 和一个 JSON 清单一起通过 SFTP 上传到他们的 `/inbox`，每个订单一上传就处理。")
        s.user("不能随时上传。他们的 SFTP 服务器只在北京时间 22:00 到早上 6:00 开放，白天连不上，而且每个连接最多同时传 2 个文件。这是他们那边定死的，合同里写了")
        s.write("src/partners/yinxiangfang.scheduler.ts", "// 印象坊 SFTP：仅北京时间 22:00-06:00 开放，每个连接最多同时 2 个文件（合同规定）\nexport const YXF_WINDOW = { tz: 'Asia/Shanghai', open: '22:00', close: '06:00' }\nexport const YXF_MAX_PARALLEL = 2\n\nexport function nextUploadSlot(now: Date): Date {\n  return nextWindowStart(now, YXF_WINDOW)\n}")
        s.edit("src/queues/routing.worker.ts", "  if (partner === 'inkhaus') return inkhausQueue.add('submit', order)", "  if (partner === 'inkhaus') return inkhausQueue.add('submit', order)\n  if (partner === 'yinxiangfang') return yxfQueue.add('upload', order, { delay: msUntil(nextUploadSlot(new Date())) })")
        s.say("已改成按时间窗上传：订单先进 `yxfQueue`，延迟到下一个北京时间 22:00 的窗口再传，worker 并发设为 2。限制的原因写在了 `yinxiangfang.scheduler.ts` 的注释里。")

    @session("v43-ko-netcdf-deflate", "moraine", "2026-11-20T05:10:00", ["decision"], ("constraint",))
    def _(s):
        s.user("출력 NetCDF 파일이 너무 커. 한 번 돌리면 2TB야. 압축 어떻게 할까?")
        s.bash("ncdump -hs /scratch/moraine/run-2025-test/moraine_2025_r000.nc | grep -E '_DeflateLevel|_Filter|_ChunkSizes' | head -3", "\t\tz:_ChunkSizes = 1, 4096, 4096 ;")
        s.say("지금은 압축이 전혀 없습니다. 선택지:\n\n1. deflate(zlib) 레벨 4 + shuffle: 어디서나 읽힘(MATLAB, 옛날 netCDF 라이브러리 포함), 대략 40-50% 감소 예상, 쓰기가 조금 느려짐\n2. zstd 필터(netCDF 4.9+): 더 빠르고 압축률도 약간 좋지만, 읽는 쪽도 플러그인이 있는 4.9 이상이 필요\n3. 정밀도 줄이기(quantize, 예: 유효숫자 4자리) + deflate: 가장 작지만 값이 바뀜\n\n어느 쪽으로 할까요?")
        s.user("1번. 교수님 팀이 MATLAB R2021로 읽어서 zstd는 못 씀. 값 바꾸는 것도 논문 때문에 안 되고")
        s.edit("src/io_netcdf.f90", "    call check(nf90_def_var(ncid, 'z', NF90_DOUBLE, dims, varid))", "    call check(nf90_def_var(ncid, 'z', NF90_DOUBLE, dims, varid, shuffle=.true., deflate_level=4))")
        s.bash("cmake --build build -j8 2>&1 | tail -1 && mpiexec -n 4 ./build/moraine config/small.nml && ls -lh out/small.nc", "[100%] Built target moraine\n-rw-r--r-- 1 henrik glacio 1.1G Nov 20 05:31 out/small.nc")
        s.say("deflate 4 + shuffle 적용했습니다. small 설정 기준 2.0G → 1.1G입니다.")

    @session("v45-de-stdlib-sort-und-altlast", "moraine", "2026-11-21T09:00:00", ["decision", "tech_debt"])
    def _(s):
        s.user("Wir haben drei eigene Sortierroutinen (heapsort in filter.f90, quicksort in grid.f90, noch eine in tools/). Sollen wir stdlib_sorting aus fortran-lang/stdlib nehmen?")
        s.grep("subroutine .*sort", "src/filter.f90:301:  subroutine heapsort_dp(a)\nsrc/grid.f90:88:  recursive subroutine qsort_idx(a, idx, lo, hi)\ntools/bin_points.f90:40:  subroutine sort_by_cell(cells, pts)")
        s.say("Vorteile von `stdlib_sorting`: getestet, `ord_sort` und `sort_index` decken alle drei Fälle ab, ist über CMake `FetchContent` einbindbar. Nachteil: eine neue Abhängigkeit, die auf dem Cluster mit gcc 13 gebaut werden muss, und `sort_index` braucht `int64`-Indizes, wo wir `int32` verwenden.")
        s.user("Machen wir. stdlib_sorting für alles in src/, gebaut über FetchContent mit fester Version. Die eigenen Routinen haben uns schon einmal einen falschen Index bei gleichen Werten beschert. Die tools/ lassen wir aber erstmal wie sie sind, die brauchen wir nur noch für die Altdaten von 2019 und da will ich nichts anfassen, bevor die Nachauswertung fertig ist. Schreib das bitte in die Known Issues.")
        s.edit("CMakeLists.txt", "project(moraine Fortran)", "project(moraine Fortran)\ninclude(FetchContent)\nFetchContent_Declare(stdlib GIT_REPOSITORY https://github.com/fortran-lang/stdlib GIT_TAG v0.7.0)\nFetchContent_MakeAvailable(stdlib)")
        s.edit("src/filter.f90", "    call heapsort_dp(vals)", "    call sort(vals)")
        s.edit("KNOWN_ISSUES.md", "# Known issues\n", "# Known issues\n\n- `tools/bin_points.f90` hat noch eine eigene Sortierroutine (`sort_by_cell`); src/ nutzt stdlib_sorting. Erst nach der Nachauswertung der Daten von 2019 umstellen.\n")
        s.say("stdlib v0.7.0 ist per FetchContent eingebunden, `filter.f90` nutzt `sort`; `grid.f90` stelle ich als Nächstes um. Der Eintrag zu `tools/` steht in `KNOWN_ISSUES.md`.")

    @session("v47-zh-redis-oom", "basalt", "2026-11-22T02:40:00", ["runbook"])
    def _(s):
        s.user("报警了：OOM command not allowed when used memory > 'maxmemory'。路由任务全停了")
        s.bash("redis-cli -u $REDIS_URL info memory | grep -E 'used_memory_human|maxmemory_human|maxmemory_policy'", "used_memory_human:1.00G\nmaxmemory_human:1.00G\nmaxmemory_policy:noeviction")
        s.bash("redis-cli -u $REDIS_URL --scan --pattern 'bull:routing:*' | awk -F: '{print $3}' | sort | uniq -c | sort -rn | head -3", " 412030 completed\n   1890 wait\n    214 active")
        s.say("内存被 41 万个已完成任务占满了：`routing` 队列没有设置 `removeOnComplete`，完成的任务一直留在 Redis 里。先清理已完成的任务，再给队列加上保留上限。要我执行吗？")
        s.user("执行")
        s.bash("npx ts-node scripts/queue-clean.ts routing --completed --keep 1000 && redis-cli -u $REDIS_URL info memory | grep used_memory_human", "removed 411030 completed jobs\nused_memory_human:162.40M")
        s.user("好了。把处理步骤写到运维手册里，下次值班的人直接照着做")
        s.edit("docs/ops-runbook.md", "## Redis\n", "## Redis\n\n### Redis 内存满（OOM command not allowed）\n\n1. `redis-cli -u $REDIS_URL info memory`：确认 used_memory 达到 maxmemory（策略是 noeviction，不会自动淘汰）。\n2. 按状态统计队列键：`redis-cli --scan --pattern 'bull:<队列>:*' | awk -F: '{print $3}' | sort | uniq -c`。\n3. 如果是 completed 堆积：`npx ts-node scripts/queue-clean.ts <队列> --completed --keep 1000`。\n4. 再看一次内存，确认任务恢复处理。\n5. 检查该队列是否设置了 `removeOnComplete`，没有就补上。\n")
        s.say("已写进 `docs/ops-runbook.md` 的 Redis 一节。")

    @session("v44-es-largo-entorno-staging", "halyard", "2026-11-23T09:00:00", ["session_summary", "runbook", "preference"], ("decision", "constraint"))
    def _(s):
        s.user("necesitamos un entorno de staging. ahora probamos directamente en producción y el sábado rompimos las inscripciones 20 minutos. Cloudflare Pages + una base de datos aparte. ¿lo montamos?")
        s.work([
            ("read", "nuxt.config.ts", "export default defineNuxtConfig({\n  nitro: { preset: 'cloudflare-pages' },\n  runtimeConfig: { databaseUrl: '', r2Bucket: 'halyard-photos' },\n})"),
            ("read", "wrangler.toml", "name = \"halyard\"\ncompatibility_date = \"2026-06-01\"\n\n[[r2_buckets]]\nbinding = \"PHOTOS\"\nbucket_name = \"halyard-photos\""),
            ("bash", "npx wrangler pages project list | grep halyard", "│ halyard │ halyard.pages.dev │ main │"),
            ("bash", "neonctl branches list --project-id halyard-db", "┌──────────────┬──────────┐\n│ Name         │ Primary  │\n├──────────────┼──────────┤\n│ main         │ true     │\n└──────────────┴──────────┘", "¿Dónde vive la base de datos? Parece Neon."),
            ("bash", "neonctl branches create --project-id halyard-db --name staging --parent main", "branch staging created (ep-late-sound-41122)"),
            ("bash", "neonctl connection-string staging --project-id halyard-db --pooled", "postgresql://halyard:****@ep-late-sound-41122-pooler.eu-central-1.aws.neon.tech/halyard?sslmode=require"),
            ("edit", "wrangler.toml", "[[r2_buckets]]\nbinding = \"PHOTOS\"\nbucket_name = \"halyard-photos\"", "[[r2_buckets]]\nbinding = \"PHOTOS\"\nbucket_name = \"halyard-photos\"\n\n[env.preview]\n[[env.preview.r2_buckets]]\nbinding = \"PHOTOS\"\nbucket_name = \"halyard-photos-staging\""),
            ("bash", "npx wrangler r2 bucket create halyard-photos-staging", "Created bucket 'halyard-photos-staging'"),
            ("bash", "printf '%s' \"$STAGING_DB_URL\" | npx wrangler pages secret put NUXT_DATABASE_URL --project-name halyard --env preview", "✨ Success! Uploaded secret NUXT_DATABASE_URL"),
            ("write", ".github/workflows/staging.yml", "name: staging\non:\n  push:\n    branches: [staging]\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with: { node-version: 20 }\n      - run: npm ci\n      - run: npx prisma migrate deploy\n        env: { DATABASE_URL: ${{ secrets.STAGING_DATABASE_URL }} }\n      - run: npx nuxi build\n      - run: npx wrangler pages deploy dist --project-name halyard --branch staging\n        env: { CLOUDFLARE_API_TOKEN: ${{ secrets.CF_API_TOKEN }} }"),
            ("bash", "gh secret set STAGING_DATABASE_URL --body \"$STAGING_DB_URL\"", "✓ Set Actions secret STAGING_DATABASE_URL for halyard-club/halyard"),
        ])
        s.say("Rama `staging` de Neon creada, bucket R2 de staging, secretos puestos y un workflow que despliega la rama git `staging` en `staging.halyard.pages.dev`.")
        s.user("vale. el workflow: en este repo los workflows siempre con versiones de acciones fijadas por SHA, no @v4, y node desde .nvmrc, nunca la versión escrita a mano. Me lo dijo la auditoría del club y además me gusta así. cámbialo")
        s.work([
            ("bash", "gh api repos/actions/checkout/git/ref/tags/v4.2.2 --jq .object.sha && gh api repos/actions/setup-node/git/ref/tags/v4.1.0 --jq .object.sha", "11bd71901bbe5b1630ceea73d27597364c9af683\n39370e3970a6d050c480ffad4ff0ed4d3fdee5af"),
            ("edit", ".github/workflows/staging.yml", "      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with: { node-version: 20 }", "      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n      - uses: actions/setup-node@39370e3970a6d050c480ffad4ff0ed4d3fdee5af # v4.1.0\n        with: { node-version-file: .nvmrc }"),
            ("grep", "uses: .*@v[0-9]|node-version:", ".github/workflows/ci.yml:9:      - uses: actions/checkout@v4\n.github/workflows/ci.yml:10:      - uses: actions/setup-node@v4\n.github/workflows/ci.yml:12:          node-version: 20", "El ci.yml tiene lo mismo."),
            ("edit", ".github/workflows/ci.yml", "      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 20", "      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n      - uses: actions/setup-node@39370e3970a6d050c480ffad4ff0ed4d3fdee5af # v4.1.0\n        with:\n          node-version-file: .nvmrc"),
            ("bash", "cat .nvmrc", "20.18.0"),
            ("bash", "git checkout -b staging && git push -u origin staging 2>&1 | tail -1", "branch 'staging' set up to track 'origin/staging'."),
            ("bash", "sleep 200; gh run list --workflow staging.yml --limit 1", "completed  success  staging  staging  push  1187344021  3m12s"),
            ("bash", "curl -s -o /dev/null -w '%{http_code}' https://staging.halyard.pages.dev/api/health", "200"),
            ("bash", "curl -s https://staging.halyard.pages.dev/api/health", "{\"ok\":true,\"db\":\"ep-late-sound-41122\",\"bucket\":\"halyard-photos-staging\"}"),
            ("bash", "curl -s https://halyard.pages.dev/api/health", "{\"ok\":true,\"db\":\"ep-quiet-pond-20931\",\"bucket\":\"halyard-photos\"}", "Y producción sigue con su base de datos y su bucket."),
        ])
        s.say("Acciones fijadas por SHA y Node desde `.nvmrc` en los dos workflows. Staging desplegado: `/api/health` responde con la rama `staging` de Neon y el bucket de staging; producción no ha cambiado.")
        s.user("perfecto. escribe en docs/staging.md cómo probar algo en staging y cómo refrescar la base de staging con datos de producción, y luego un resumen de todo para el canal del club")
        s.work([
            ("write", "docs/staging.md", "# Staging\n\nURL: https://staging.halyard.pages.dev (base de datos: rama `staging` de Neon; fotos: bucket `halyard-photos-staging`).\n\n## Probar un cambio\n1. `git checkout staging && git merge <tu-rama>`\n2. `git push` -> el workflow `staging` aplica migraciones y despliega (unos 3 min).\n3. Comprobar `https://staging.halyard.pages.dev/api/health`.\n\n## Refrescar staging con datos de producción\n1. `neonctl branches reset staging --parent --project-id halyard-db` (copia el estado actual de `main`).\n2. Volver a lanzar el workflow `staging` para aplicar las migraciones que aún no estén en producción: `gh workflow run staging.yml --ref staging`.\n3. Los correos de los regatistas siguen siendo reales: no enviar notificaciones desde staging (`NUXT_MAIL_DISABLED=1` ya está puesto).\n"),
            ("bash", "printf '1' | npx wrangler pages secret put NUXT_MAIL_DISABLED --project-name halyard --env preview", "✨ Success! Uploaded secret NUXT_MAIL_DISABLED"),
        ])
        s.say("Escrito `docs/staging.md` (y puse `NUXT_MAIL_DISABLED=1` en staging, que lo menciono ahí).\n\n**Resumen para el canal**\n- Ya tenemos staging: https://staging.halyard.pages.dev\n- Base de datos propia (rama `staging` de Neon, copia de producción) y bucket de fotos propio; staging no envía correos.\n- Todo lo que se empuje a la rama git `staging` se despliega solo (migraciones incluidas).\n- Los workflows de GitHub ahora usan acciones fijadas por SHA y la versión de Node de `.nvmrc`.\n- Cómo probar y cómo refrescar staging con datos de producción: `docs/staging.md`.")

    @session("v46-fr-long-suppression-fichiers-30-jours", "basalt", "2026-11-24T08:00:00", ["session_summary", "constraint", "decision"], ("runbook",))
    def _(s):
        s.user("On signe avec les Éditions Lumière la semaine prochaine. Leur annexe RGPD/propriété intellectuelle dit : les fichiers d'impression doivent être supprimés au plus tard 30 jours après la livraison, partout, y compris chez nous et dans les sauvegardes, et on doit pouvoir le prouver sur demande. Aujourd'hui on garde tout dans S3 pour toujours. Regarde ce qu'il faut faire.")
        s.work([
            ("grep", "artworkKey|putObject|artwork-", "src/artwork/artwork.service.ts:14:    await this.s3.putObject({ Bucket: 'basalt-artwork', Key: key, Body: file })\nsrc/orders/order.schema.ts:22:  @Prop() artworkKey: string\nsrc/partners/papyra.adapter.ts:18:    const url = await this.signer.sign(order.artworkKey, { expiresIn: 86400 })"),
            ("bash", "aws s3api get-bucket-lifecycle-configuration --bucket basalt-artwork 2>&1", "An error occurred (NoSuchLifecycleConfiguration) when calling the GetBucketLifecycleConfiguration operation: The lifecycle configuration does not exist", "", True),
            ("bash", "aws s3api get-bucket-versioning --bucket basalt-artwork", "{\n    \"Status\": \"Enabled\"\n}"),
            ("bash", "aws backup list-protected-resources --query \"Results[?contains(ResourceArn, 'basalt-artwork')]\"", "[\n  {\n    \"ResourceArn\": \"arn:aws:s3:::basalt-artwork\",\n    \"ResourceType\": \"S3\",\n    \"LastBackupTime\": \"2026-11-24T03:00:12Z\"\n  }\n]"),
            ("bash", "aws backup list-backup-plans --query 'BackupPlansList[].BackupPlanName' && aws backup get-backup-plan --backup-plan-id bp-artwork --query 'BackupPlan.Rules[].Lifecycle'", "[\"artwork-daily\"]\n[\n  {\n    \"DeleteAfterDays\": 365\n  }\n]"),
        ])
        s.say("État actuel : le bucket `basalt-artwork` est versionné, sans règle de cycle de vie, et AWS Backup en garde une copie quotidienne 365 jours. Avec la contrainte des 30 jours après livraison (y compris les sauvegardes), trois façons de faire :\n\n1. **Tag à la livraison + règle de cycle de vie** : quand une commande passe à `shipped`, on tague ses objets `delivered=YYYY-MM-DD` ; une règle S3 expire les objets tagués après 30 jours, et les versions non courantes 1 jour après. Il faut aussi ramener la rétention AWS Backup à moins de 30 jours moins le délai.\n2. **Job quotidien qui supprime** : un cron BullMQ cherche les commandes livrées depuis 30 jours et supprime les objets et toutes leurs versions ; il écrit une preuve par suppression. Plus de code, mais la preuve est simple à produire.\n3. **Bucket séparé pour Lumière** avec une règle globale de 30 jours après création : simple, mais 30 jours après création, pas après livraison, et les commandes qui traînent seraient supprimées avant impression.\n\nTu choisis ?")
        s.user("La 2. La preuve sur demande, c'est ce que leur juriste a le plus insisté, et avec un job on a un journal par commande. Les sauvegardes : passe la rétention à 14 jours pour ce bucket, c'est suffisant pour nous. Et tant qu'on y est, ça vaut pour tous les clients, pas seulement Lumière, on ne va pas gérer deux régimes.")
        s.work([
            ("write", "src/artwork/artwork-purge.processor.ts", "// Contrat Éditions Lumière (annexe RGPD/PI), appliqué à tous les clients :\n// fichiers d'impression supprimés au plus tard 30 jours après livraison, versions et sauvegardes comprises, avec preuve.\n@Processor('artwork-purge')\nexport class ArtworkPurgeProcessor extends WorkerHost {\n  async process() {\n    const cutoff = subDays(new Date(), 28)\n    const orders = await this.orders.find({ status: 'shipped', shippedAt: { $lt: cutoff }, artworkPurgedAt: null }).lean()\n    for (const o of orders) {\n      const versions = await this.artwork.deleteAllVersions(o.artworkKey)\n      await this.purgeLog.create({ orderId: o._id, key: o.artworkKey, versions, deletedAt: new Date() })\n      await this.orders.updateOne({ _id: o._id }, { artworkPurgedAt: new Date() })\n    }\n  }\n}", "Je prends 28 jours pour garder une marge si le job rate un jour."),
            ("edit", "src/artwork/artwork.service.ts", "  async sign(key: string) {", "  async deleteAllVersions(key: string): Promise<string[]> {\n    const { Versions = [], DeleteMarkers = [] } = await this.s3.listObjectVersions({ Bucket: 'basalt-artwork', Prefix: key })\n    const ids = [...Versions, ...DeleteMarkers].map((v) => v.VersionId!)\n    for (const id of ids) await this.s3.deleteObject({ Bucket: 'basalt-artwork', Key: key, VersionId: id })\n    return ids\n  }\n\n  async sign(key: string) {"),
            ("write", "src/artwork/purge-log.schema.ts", "@Schema({ collection: 'artwork_purge_log', timestamps: true })\nexport class PurgeLog {\n  @Prop({ required: true }) orderId: Types.ObjectId\n  @Prop({ required: true }) key: string\n  @Prop({ type: [String] }) versions: string[]\n  @Prop({ required: true }) deletedAt: Date\n}"),
            ("edit", "src/orders/order.schema.ts", "  @Prop() artworkKey: string", "  @Prop() artworkKey: string\n  @Prop() shippedAt?: Date\n  @Prop() artworkPurgedAt?: Date"),
            ("grep", "status: 'shipped'|updateStatus", "src/orders/orders.service.ts:88:  async updateStatus(id: string, status: OrderStatus) {\nsrc/orders/orders.service.ts:90:    await this.orderModel.updateOne({ _id: id }, { status })", "`shippedAt` n'est pas encore rempli."),
            ("edit", "src/orders/orders.service.ts", "    await this.orderModel.updateOne({ _id: id }, { status })", "    await this.orderModel.updateOne({ _id: id }, { status, ...(status === 'shipped' ? { shippedAt: new Date() } : {}) })"),
            ("bash", "mongosh \"$MONGO_URL\" --quiet --eval 'db.orders.updateMany({status: \"shipped\", shippedAt: {$exists: false}}, [{$set: {shippedAt: \"$updatedAt\"}}]).modifiedCount'", "48213", "Pour les anciennes commandes livrées, je prends `updatedAt` comme date de livraison."),
            ("edit", "src/queues/queues.module.ts", "    BullModule.registerQueue({ name: 'routing' }),", "    BullModule.registerQueue({ name: 'routing' }),\n    BullModule.registerQueue({ name: 'artwork-purge' }),"),
            ("edit", "src/main.ts", "  await app.listen(port)", "  await purgeQueue.upsertJobScheduler('daily-purge', { pattern: '0 3 * * *', tz: 'Europe/Paris' })\n  await app.listen(port)"),
            ("write", "src/artwork/artwork-purge.processor.spec.ts", "describe('ArtworkPurgeProcessor', () => {\n  it('deletes every version of artwork shipped more than 28 days ago', async () => { /* ... */ })\n  it('writes one purge log entry per order', async () => { /* ... */ })\n  it('leaves orders not yet shipped alone', async () => { /* ... */ })\n})"),
            ("bash", "npx jest src/artwork src/orders 2>&1 | tail -3", "Test Suites: 7 passed, 7 total\nTests:       58 passed, 58 total"),
            ("bash", "aws backup update-backup-plan --backup-plan-id bp-artwork --backup-plan file://infra/backup-artwork.json --query BackupPlanId", "\"bp-artwork\"", "Rétention des sauvegardes à 14 jours."),
            ("edit", "infra/backup-artwork.json", "\"DeleteAfterDays\": 365", "\"DeleteAfterDays\": 14"),
            ("bash", "aws backup get-backup-plan --backup-plan-id bp-artwork --query 'BackupPlan.Rules[].Lifecycle'", "[\n  {\n    \"DeleteAfterDays\": 14\n  }\n]"),
            ("bash", "npx ts-node scripts/run-job-once.ts artwork-purge --dry-run", "would purge 41977 orders (oldest shipped 2023-02-14), 52110 object versions"),
            ("bash", "npx tsc --noEmit && npm run lint", "\n> basalt@2.16.0 lint\n> eslint src\n"),
        ])
        s.say("Le job de purge est prêt et testé (58 tests verts), la rétention AWS Backup du bucket est à 14 jours. En dry-run il supprimerait 41 977 commandes livrées (52 110 versions d'objets), la plus ancienne de février 2023. Je ne l'ai pas lancé pour de vrai.")
        s.user("Ne le lance pas, je préviens d'abord les clients. Fais-moi un résumé de la session pour le ticket, en français, je le transmets aussi à leur juriste.")
        s.say("**Résumé : suppression des fichiers d'impression 30 jours après livraison**\n\nContexte : l'annexe RGPD/PI des Éditions Lumière impose la suppression des fichiers d'impression au plus tard 30 jours après livraison, partout (y compris versions et sauvegardes), avec preuve sur demande. Nous appliquons cette règle à tous les clients.\n\nConstat : bucket `basalt-artwork` versionné sans cycle de vie ; AWS Backup conservait 365 jours.\n\nChoix : un job quotidien plutôt qu'une règle de cycle de vie S3, parce qu'il produit une preuve par commande.\n\nFait :\n- job `artwork-purge` (tous les jours à 3 h, heure de Paris) : supprime toutes les versions des fichiers des commandes livrées depuis plus de 28 jours et écrit une entrée dans `artwork_purge_log` (commande, clé, versions, date) ;\n- `shippedAt` enregistré au passage à `shipped` ; rempli avec `updatedAt` pour 48 213 anciennes commandes ;\n- rétention AWS Backup du bucket ramenée à 14 jours ;\n- tests (58), lint et tsc au vert.\n\nPas encore fait : première exécution réelle (41 977 commandes, 52 110 versions) après information des clients.")

    @session("v48-ko-long-electron-upgrade", "thistledown", "2026-11-24T10:00:00", ["session_summary", "tech_debt", "preference"], ("decision",))
    def _(s):
        s.user("Electron 28이 지원 종료됐어. 33으로 올려줘. 빌드랑 테스트 다 통과해야 함")
        s.work([
            ("bash", "npm ls electron better-sqlite3 electron-builder", "thistledown@3.3.0\n├── better-sqlite3@9.2.2\n├── electron-builder@24.9.1\n└── electron@28.3.3"),
            ("read", "package.json", "{\n  \"scripts\": {\n    \"postinstall\": \"electron-builder install-app-deps\",\n    \"test\": \"vitest run\",\n    \"e2e\": \"playwright test\"\n  },\n  \"devDependencies\": {\n    \"electron\": \"28.3.3\",\n    \"electron-builder\": \"24.9.1\"\n  }\n}"),
            ("bash", "npm install -D electron@33.2.1 electron-builder@25.1.8 2>&1 | tail -3", "  • rebuilding native dependencies  dependencies=better-sqlite3@9.2.2 platform=win32 arch=x64\n  ⨯ better-sqlite3@9.2.2: gyp ERR! build error: 'v8::Object::GetIsolate' is deprecated\nnpm ERR! code 1", "", True),
            ("bash", "npm install better-sqlite3@11.7.0 2>&1 | tail -2", "  • rebuilding native dependencies  dependencies=better-sqlite3@11.7.0 platform=win32 arch=x64\nadded 2 packages, changed 3 packages in 38s", "better-sqlite3 9 doesn't build against Electron 33's V8; 11.x does."),
            ("bash", "npm run test 2>&1 | tail -4", " FAIL  src/main/ipc.test.ts > lessons:get returns lessons of the day\nTypeError: Cannot read properties of undefined (reading 'sender')\n Test Files  1 failed | 22 passed (23)\n      Tests  1 failed | 187 passed (188)", "", True),
            ("read", "src/main/ipc.ts", "ipcMain.handle('lessons:get', (event, day) => {\n  const win = BrowserWindow.fromWebContents(event.sender)\n  return getLessons(day, win.branch)\n})"),
            ("read", "src/main/ipc.test.ts", "const handler = handlers.get('lessons:get')\nexpect(await handler(undefined, '2026-11-24')).toHaveLength(3)"),
            ("edit", "src/main/ipc.test.ts", "expect(await handler(undefined, '2026-11-24')).toHaveLength(3)", "expect(await handler(fakeEvent(window), '2026-11-24')).toHaveLength(3)"),
            ("bash", "npm run test 2>&1 | tail -2", " Test Files  23 passed (23)\n      Tests  188 passed (188)"),
            ("grep", "remote|enableRemoteModule|@electron/remote", "src/main/windows.ts:14:      enableRemoteModule: true,\nsrc/renderer/print/PrintPreview.tsx:3:import { getCurrentWindow } from '@electron/remote'\nsrc/renderer/print/PrintPreview.tsx:41:  getCurrentWindow().webContents.print({ silent: false })", "Checking for APIs that changed."),
        ])
        s.say("테스트는 통과합니다. 다만 인쇄 미리보기가 아직 `@electron/remote`를 쓰고 있습니다. Electron 33에서도 `@electron/remote` 2.x로 동작은 하지만, 보안상 권장되지 않고 언젠가 끊길 수 있습니다. 제대로 하려면 인쇄를 main 프로세스의 IPC 핸들러로 옮겨야 하는데, 인쇄 미리보기 전체를 다시 짜야 해서 반나절 정도 걸립니다.")
        s.user("그건 지금 말고. 학기 시작 전에 인쇄 건드리면 사무실에서 난리 남. 일단 remote 2.x로 돌아가게만 하고 이슈 하나 만들어줘. 그리고 아까 보니까 ipc.ts에 채널 이름을 문자열로 그냥 쓰던데, 우리는 채널 이름은 항상 src/shared/channels.ts 상수로 써. 새로 쓰는 코드도 앞으로 그렇게")
        s.work([
            ("bash", "npm install @electron/remote@2.1.2 2>&1 | tail -1", "changed 1 package in 4s"),
            ("edit", "src/main/windows.ts", "      enableRemoteModule: true,", "      // @electron/remote: kept until printing moves to IPC (issue #91)\n      sandbox: false,"),
            ("edit", "src/main/index.ts", "app.whenReady().then(createMainWindow)", "import { initialize, enable } from '@electron/remote/main'\ninitialize()\napp.whenReady().then(() => enable(createMainWindow().webContents))"),
            ("read", "src/shared/channels.ts", "export const CH = {\n  lessonsGet: 'lessons:get',\n  lessonsSave: 'lessons:save',\n  lessonsCancel: 'lessons:cancel',\n} as const"),
            ("edit", "src/main/ipc.ts", "ipcMain.handle('lessons:get', (event, day) => {", "ipcMain.handle(CH.lessonsGet, (event, day) => {"),
            ("bash", "gh issue create --title 'Move printing from @electron/remote to an IPC handler' --body 'PrintPreview.tsx uses getCurrentWindow() from @electron/remote (kept on 2.1.2 during the Electron 33 upgrade). Move print to a main-process IPC handler and drop @electron/remote. Not before the semester starts.'", "https://github.com/thistledown-app/thistledown/issues/91"),
            ("bash", "npm run test 2>&1 | tail -2", " Test Files  23 passed (23)\n      Tests  188 passed (188)"),
            ("bash", "npm run e2e 2>&1 | tail -3", "  14 passed (1.2m)"),
            ("bash", "npx electron-builder --win --publish never 2>&1 | tail -2", "  • signing with signtool.exe  path=dist\\Thistledown Setup 3.4.0-beta.1.exe\n  • building block map  blockMapFile=dist\\Thistledown Setup 3.4.0-beta.1.exe.blockmap"),
            ("bash", "npx electron-builder --win portable --publish never 2>&1 | tail -1", "  • building        target=portable file=dist\\Thistledown 3.4.0-beta.1.exe archs=x64"),
            ("bash", "./dist/win-unpacked/Thistledown.exe --smoke-test", "smoke: db open ok (lessons-mitte.db), window ok, print preview ok"),
        ])
        s.say("Electron 33.2.1로 올렸고 단위 테스트 188개, e2e 14개, 설치판과 포터블 빌드, 스모크 테스트 모두 통과했습니다. `ipc.ts`는 `CH` 상수를 쓰도록 바꿨고 앞으로도 채널은 `channels.ts` 상수로 쓰겠습니다. 인쇄 건은 #91로 등록했습니다.")
        s.user("좋아. 오늘 한 거 정리해서 요약해줘, 윤서한테 보낼 거야")
        s.say("**Electron 28 → 33 업그레이드 요약**\n\n- electron 28.3.3 → 33.2.1, electron-builder 24.9.1 → 25.1.8\n- better-sqlite3 9.2.2는 Electron 33의 V8에서 빌드가 안 돼서 11.7.0으로 올림\n- `ipc.test.ts`: 핸들러에 가짜 event를 넘기도록 수정 (1개 실패하던 테스트)\n- `ipc.ts`: 채널 이름을 `src/shared/channels.ts`의 `CH` 상수로 변경\n- 인쇄 미리보기의 `@electron/remote`는 2.1.2로 유지; IPC로 옮기는 작업은 학기 시작 후로 미룸 (#91)\n- 결과: 단위 테스트 188/188, e2e 14/14, 설치판·포터블 빌드 및 서명, 스모크 테스트 통과\n- 다음 릴리스: 3.4.0-beta.1")

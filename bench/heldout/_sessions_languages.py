"""Sessions not in English: the user and the assistant speak Spanish, German, French, Portuguese, Japanese,
Chinese or Korean; code, paths and identifiers stay English."""


def register(session):
    @session(
        "h34-es-decision-supabase-auth",
        "quillpad",
        "2026-11-04T15:00:00",
        ["decision"],
        ["runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Tenemos que decidir cómo autenticar a los usuarios. Supabase Auth ya lo tenemos en el backend, pero Mateo "
            "propuso Clerk porque trae las pantallas de login hechas. ¿Tú qué opinas?"
        )
        s.bash("grep -rn 'auth.uid()' supabase/migrations | wc -l", "14")
        s.say(
            "Resumen de las dos opciones:\n\n"
            "**Supabase Auth**\n"
            "- ya está en el proyecto y en el plan que pagamos\n"
            "- las 14 políticas RLS de `supabase/migrations` usan `auth.uid()`, así que funcionan tal cual\n"
            "- las pantallas de login las tenemos que hacer nosotros (magic link + Apple/Google son pocas pantallas)\n\n"
            "**Clerk**\n"
            "- componentes de login listos y buena gestión de sesiones\n"
            "- otro proveedor y otra factura; para que RLS siga funcionando hay que configurar Supabase para aceptar los "
            "JWT de Clerk y revisar todas las políticas\n\n"
            "Con RLS ya escrita sobre `auth.uid()`, Supabase Auth es el camino corto."
        )
        s.user(
            "Vale, nos quedamos con Supabase Auth y descartamos Clerk: ya pagamos Supabase, las políticas RLS dependen de "
            "auth.uid() y no quiero depender de otro proveedor más. Configura el login con magic link."
        )
        s.edit(
            "src/lib/supabase.ts",
            "export const supabase = createClient(SUPABASE_URL, SUPABASE_ANON_KEY);",
            "export const supabase = createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {\n"
            "  auth: { storage: secureStorage, autoRefreshToken: true, persistSession: true, detectSessionInUrl: false },\n});",
        )
        s.write(
            "app/login.tsx",
            "export default function Login() {\n  const [email, setEmail] = useState('');\n  const [sent, setSent] = useState(false);\n"
            "  const send = async () => {\n    const { error } = await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: Linking.createURL('/auth/callback') } });\n"
            "    if (!error) setSent(true);\n  };\n"
            "  return sent ? <CheckYourEmail email={email} /> : <EmailForm value={email} onChange={setEmail} onSubmit={send} />;\n}\n",
        )
        s.write(
            "app/auth/callback.tsx",
            "export default function AuthCallback() {\n  const url = Linking.useURL();\n"
            "  useEffect(() => { if (url) supabase.auth.exchangeCodeForSession(url).then(() => router.replace('/')); }, [url]);\n"
            "  return <ActivityIndicator />;\n}\n",
        )
        s.bash("npx tsc --noEmit && npx jest app/login", "PASS app/login.test.tsx\n\nTests:       3 passed, 3 total")
        s.say(
            "Listo. Login con magic link sobre Supabase Auth:\n"
            "- `src/lib/supabase.ts`: sesión persistente en `secureStorage` con refresco automático\n"
            "- `app/login.tsx`: pide el email y envía el enlace con `signInWithOtp`\n"
            "- `app/auth/callback.tsx`: recibe el deep link e intercambia el código por la sesión\n"
            "Los tipos compilan y los tests pasan."
        )

    @session(
        "h35-de-runbook-scratch-image-ca-certs",
        "tidewater",
        "2026-11-08T08:20:00",
        ["runbook"],
        ["decision", "constraint", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Seit heute Morgen schlägt der NOAA-Abruf in Staging fehl:\n"
            "```\nfetch predictions for 9414290: Get \"https://api.tidesandcurrents.noaa.gov/api/prod/datagetter?...\": "
            "tls: failed to verify certificate: x509: certificate signed by unknown authority\n```\n"
            "Lokal läuft alles. Kannst du dir das ansehen?"
        )
        s.bash(
            "git log -3 --format='%h %an %ar %s' -- Dockerfile",
            "c92d0f7 Lena Park 14 hours ago docker: switch runtime image to scratch (-18MB)\n4e1aa20 Maya Chen 3 weeks ago docker: multi-stage build",
        )
        s.bash(
            "git show c92d0f7 -- Dockerfile | tail -n 8",
            "-FROM gcr.io/distroless/static-debian12\n+FROM scratch\n COPY --from=build /out/tidewater /tidewater\n"
            " USER 65532:65532\n ENTRYPOINT [\"/tidewater\"]",
        )
        s.say(
            "Gefunden: Gestern Abend wurde das Laufzeit-Image von `distroless/static` auf `scratch` umgestellt. "
            "`distroless/static` bringt die CA-Zertifikate unter `/etc/ssl/certs` mit, `scratch` ist komplett leer. Ohne "
            "Zertifikate kann Go kein TLS-Zertifikat prüfen, daher \"certificate signed by unknown authority\". Lokal "
            "läuft das Binary direkt auf deinem System mit dessen Zertifikaten, deshalb fällt es dort nicht auf.\n\n"
            "Ich kopiere die Zertifikate aus der Build-Stage ins Image, dann bleibt das Image klein."
        )
        s.edit(
            "Dockerfile",
            "FROM scratch\nCOPY --from=build /out/tidewater /tidewater",
            "FROM scratch\nCOPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt\n"
            "COPY --from=build /usr/share/zoneinfo /usr/share/zoneinfo\nCOPY --from=build /out/tidewater /tidewater",
        )
        s.bash(
            "docker build -q -t tidewater:cert-fix . && docker run --rm -e DATABASE_URL=$STAGING_DB_URL tidewater:cert-fix selfcheck noaa",
            "sha256:5be1c0e3a9f2...\nnoaa: GET datagetter?station=9414290&product=predictions ... 200 OK (412 ms)",
        )
        s.bash(
            "fly deploy -a tidewater-staging && sleep 60 && fly logs -a tidewater-staging --no-tail | grep -c 'fetch predictions.*x509'; fly logs -a tidewater-staging --no-tail | grep 'prefetch done' | tail -n 1",
            "> Machine 91857e3b [app] update finished: success\n0\n2026-11-08T08:41:06Z app[91857e3b] ams [info] prefetch done stations=40 errors=0",
        )
        s.say(
            "Behoben und in Staging ausgerollt:\n"
            "- Ursache: Commit c92d0f7 hat das Laufzeit-Image auf `scratch` umgestellt, dort fehlen die CA-Zertifikate.\n"
            "- Fix: `ca-certificates.crt` (und die Zeitzonendaten, die `time.LoadLocation` braucht) aus der Build-Stage ins "
            "Image kopieren.\n"
            "- Geprüft: `selfcheck noaa` im Container gibt 200, und der Prefetch in Staging lief ohne Fehler (40 Stationen)."
        )
        s.user("Läuft wieder, danke! Die Stationsdaten kommen wieder rein.")
        s.say("Super!")

    @session(
        "h36-fr-constraint-hosting-in-france",
        "larchfield",
        "2026-11-12T13:30:00",
        ["constraint"],
        ["session_summary", "runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Petit point important avant qu'on continue : la Coopérative du Val a signé hier, et le contrat exige que "
            "leurs données soient hébergées en France. On n'a pas le droit de passer par un sous-traitant hors UE, et "
            "le budget cloud pour ce client est plafonné à 300 € par mois. Donc pas de BigQuery pour eux. On est où "
            "aujourd'hui côté régions ?"
        )
        s.bash(
            "grep -rn 'region' config/storage.yaml infra/*.tf | head",
            "config/storage.yaml:2:region: eu-central-1\ninfra/main.tf:8:  region = \"eu-central-1\"\ninfra/analytics.tf:3:  # BigQuery export (vendor dashboards)\ninfra/analytics.tf:4:  location = \"US\"",
        )
        s.say(
            "Aujourd'hui tout le stockage est en `eu-central-1` (Francfort), donc dans l'UE mais pas en France, et "
            "l'export analytique part vers BigQuery en région `US`. Pour la Coopérative du Val, il faudra donc :\n"
            "- un bucket et une base dans `eu-west-3` (Paris) pour leurs données ;\n"
            "- les exclure de l'export BigQuery ;\n"
            "- surveiller le coût : 300 € par mois couvrent largement un petit Postgres et le stockage S3 pour leurs "
            "40 sondes, mais pas une instance dédiée surdimensionnée.\n\n"
            "Tu veux que je prépare ça maintenant ?"
        )
        s.user("Non, on fera la mise en place la semaine prochaine. Je voulais juste que ce soit clair pour la suite.")
        s.say("C'est noté : données en France uniquement (Paris), aucun sous-traitant hors UE, pas de BigQuery, et 300 € par mois maximum pour ce client.")

    @session(
        "h37-pt-tech-debt-in-memory-cache",
        "tidewater",
        "2026-11-15T10:10:00",
        ["tech_debt"],
        ["runbook", "preference"],
    )
    def _(s):
        s.user(
            "O cache das previsões hoje é só um map com mutex em memória. Agora que estamos com duas máquinas no Fly, "
            "cada uma tem o seu cache e a taxa de acerto caiu quase pela metade. O certo seria usar Redis (ou o Upstash "
            "do Fly), mas agora não dá: o lançamento da versão nova é quinta. Vamos deixar assim por enquanto, mas quero "
            "isso registrado como dívida técnica para não esquecer."
        )
        s.bash(
            "fly logs -a tidewater --no-tail | grep 'cache stats' | tail -n 2",
            "2026-11-15T09:58:00Z app[3d8d7e1f] ams [info] cache stats hits=4120 misses=3377 ratio=0.55\n"
            "2026-11-15T09:58:00Z app[5e7a90c2] fra [info] cache stats hits=3988 misses=3402 ratio=0.54",
        )
        s.edit(
            "internal/cache/memory.go",
            "// Memory is an in-process cache of predictions keyed by station and day.\ntype Memory struct {",
            "// Memory is an in-process cache of predictions keyed by station and day.\n"
            "//\n// TODO(shared-cache): each Fly machine has its own copy, so with two machines the hit ratio\n"
            "// dropped from ~0.9 to ~0.55 and NOAA gets twice the calls. Replace with a shared cache\n"
            "// (Redis/Upstash) behind the same interface. See docs/tech-debt.md.\ntype Memory struct {",
        )
        s.edit(
            "docs/tech-debt.md",
            "# Known tech debt\n",
            "# Known tech debt\n\n"
            "## Prediction cache is per machine\n"
            "- `internal/cache.Memory` is an in-process map; with two Fly machines each keeps its own copy.\n"
            "- Effect: hit ratio about 0.55 instead of about 0.9, so roughly twice as many NOAA calls.\n"
            "- Deferred because of Thursday's release.\n"
            "- Fix: a Redis (Upstash) implementation of the `Cache` interface, chosen by config; done when the hit ratio is back above 0.85 with two machines.\n",
        )
        s.say(
            "Feito:\n"
            "- comentário `TODO(shared-cache)` em `internal/cache/memory.go` explicando o problema;\n"
            "- entrada em `docs/tech-debt.md` com o efeito medido agora (taxa de acerto 0,55 em cada máquina), o motivo de "
            "ter ficado para depois e a correção sugerida (Redis/Upstash atrás da mesma interface `Cache`).\n"
            "Nenhuma mudança de comportamento para o lançamento de quinta."
        )

    @session(
        "h38-ja-preference-commit-style",
        "quillpad",
        "2026-11-18T17:00:00",
        ["preference"],
        ["runbook", "constraint", "tech_debt"],
    )
    def _(s):
        s.user(
            "今後のお願いです。コミットメッセージは Conventional Commits の形式（feat:, fix:, chore: など）にしてください。"
            "本文は日本語でも英語でもいいですが、件名は英語で。それと、1つのコミットに関係ない変更を混ぜないでください。"
        )
        s.say("承知しました。件名は英語の Conventional Commits 形式、本文は日本語か英語、1コミットには1つの変更だけにします。")
        s.user("じゃあ、今の変更をコミットしてください。")
        s.bash(
            "git status --short",
            " M src/components/NoteList.tsx\n M src/store/notes.ts\n M package.json\n M package-lock.json",
        )
        s.bash(
            "git diff --stat",
            " package-lock.json           | 12 ++++++------\n package.json                |  2 +-\n"
            " src/components/NoteList.tsx |  9 ++++++---\n src/store/notes.ts          |  4 +++-\n 4 files changed, 18 insertions(+), 9 deletions(-)",
        )
        s.bash(
            "git add src/components/NoteList.tsx src/store/notes.ts && git commit -q -m 'fix: keep scroll position when the note list re-sorts' "
            "-m '並び替えのたびにリストが先頭に戻っていたので、選択中のノートの位置を保持するようにした。' && "
            "git add package.json package-lock.json && git commit -q -m 'chore: bump zustand to 5.0.2' && git log --oneline -2",
            "a7c31e9 chore: bump zustand to 5.0.2\n5d02b18 fix: keep scroll position when the note list re-sorts",
        )
        s.say(
            "2つに分けてコミットしました。\n"
            "- `5d02b18 fix: keep scroll position when the note list re-sorts`（本文は日本語）\n"
            "- `a7c31e9 chore: bump zustand to 5.0.2`"
        )
        s.user("完璧です。これからもこの形でお願いします。")
        s.say("はい、今後もこの形式でコミットします。")

    @session(
        "h39-zh-constraint-vendor-api-quota",
        "larchfield",
        "2026-11-20T14:00:00",
        ["constraint"],
        ["runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "提醒一下两件事。第一，绿源农场那边的传感器网关每15分钟才上传一次数据，而且他们的API每个账号每分钟最多只能调用30次，"
            "超过就会被封24小时。所以我们的拉取任务无论如何都不能超过这个频率。第二，公司规定生产数据库不能从本地直接连接，"
            "只能通过跳板机。你先看看现在的拉取任务是怎么写的。"
        )
        s.bash(
            "grep -rn 'max_concurrency\\|rate' larchfield/sources/lvyuan.py",
            "larchfield/sources/lvyuan.py:12:    max_concurrency: int = 8\nlarchfield/sources/lvyuan.py:31:        async with asyncio.Semaphore(self.max_concurrency):",
        )
        s.say(
            "现在的实现只限制了并发数（8个），没有按时间限速。90个探头一起拉的时候，几秒内就会发出90次请求，"
            "远远超过每分钟30次的上限。我建议加一个令牌桶限速器，设成每分钟25次，留一点余量。要我现在改吗？"
        )
        s.user("改吧，25次可以。")
        s.edit(
            "larchfield/sources/lvyuan.py",
            "    max_concurrency: int = 8\n",
            "    max_concurrency: int = 8\n"
            "    # 供应商限制：每个账号每分钟最多30次，超过封禁24小时。留余量，用25次。\n"
            "    calls_per_minute: int = 25\n",
        )
        s.edit(
            "larchfield/sources/lvyuan.py",
            "        async with asyncio.Semaphore(self.max_concurrency):",
            "        async with self._limiter, asyncio.Semaphore(self.max_concurrency):",
        )
        s.edit(
            "larchfield/sources/lvyuan.py",
            "    def setup_for_execution(self, context) -> None:",
            "    def setup_for_execution(self, context) -> None:\n"
            "        self._limiter = AsyncLimiter(self.calls_per_minute, time_period=60)",
        )
        s.write(
            "tests/sources/test_lvyuan_rate.py",
            "async def test_never_more_than_25_calls_per_minute(fake_clock, fake_api):\n"
            "    client = LvyuanClient(api_key=\"x\")\n    await client.fetch_all(probes=[f\"p{i}\" for i in range(90)])\n"
            "    assert fake_api.max_calls_in_any_window(seconds=60) <= 25\n",
        )
        s.bash("pytest -q tests/sources", "....                                                                     [100%]\n4 passed in 1.37s")
        s.say(
            "已完成：`LvyuanClient` 现在用令牌桶限速，每分钟最多25次（`calls_per_minute`），并发上限仍是8；"
            "新增的测试确认任意60秒内的调用不超过25次。90个探头拉一轮大约需要3分40秒，比网关15分钟的上传间隔短得多。"
            "另外，生产数据库只能通过跳板机连接这一点我记住了，之后需要查生产数据时会走跳板机。"
        )

    @session(
        "h40-ko-decision-cache-ttl",
        "tidewater",
        "2026-11-22T11:00:00",
        ["decision"],
        ["runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "조석 데이터 캐시 만료 시간을 정해야 해요. 지금은 전부 5분인데, 1시간으로 늘릴지 고민 중이에요. 어떻게 생각해요?"
        )
        s.read(
            "internal/cache/ttl.go",
            "package cache\n\nimport \"time\"\n\n// TTL for every cached NOAA response.\nconst TTL = 5 * time.Minute",
        )
        s.say(
            "데이터 종류에 따라 다르게 가져가는 게 좋아 보여요.\n\n"
            "- **예측값(predictions)**: 천문 조화 상수로 미리 계산된 값이라 하루 안에 거의 바뀌지 않습니다. 1시간, "
            "아니 24시간으로 해도 문제없어요.\n"
            "- **관측값(water_level)**: NOAA가 6분 간격으로 갱신합니다. 6분보다 길게 잡으면 최신 값이 늦게 보이고, "
            "짧게 잡아도 새 데이터가 없으니 호출만 늘어납니다.\n\n"
            "지금처럼 전부 5분이면 예측값 때문에 NOAA 호출을 필요 이상으로 쓰고 있어요."
        )
        s.user(
            "좋아요, 그렇게 하죠. 예측값은 1시간, 관측값은 6분으로 결정합니다. 24시간은 NOAA가 가끔 예측을 정정할 때 "
            "반영이 너무 늦어서 안 되고, 관측값은 6분마다 갱신되니까 그보다 짧게 할 이유가 없어요."
        )
        s.edit(
            "internal/cache/ttl.go",
            "// TTL for every cached NOAA response.\nconst TTL = 5 * time.Minute",
            "// How long each kind of NOAA data is cached.\nconst (\n"
            "\t// Predictions are computed ahead and rarely change; NOAA occasionally corrects them, so not 24h.\n"
            "\tPredictionsTTL = time.Hour\n"
            "\t// Observed water levels are published every 6 minutes.\n"
            "\tObservationsTTL = 6 * time.Minute\n)",
        )
        s.edit("internal/noaa/cached.go", "\tc.cache.Set(key, preds, cache.TTL)", "\tc.cache.Set(key, preds, cache.PredictionsTTL)")
        s.edit("internal/noaa/cached.go", "\tc.cache.Set(key, obs, cache.TTL)", "\tc.cache.Set(key, obs, cache.ObservationsTTL)")
        s.bash("go build ./... && go test ./internal/cache/... ./internal/noaa/...", "ok  \tgithub.com/tidewater/tidewater/internal/cache\t0.214s\nok  \tgithub.com/tidewater/tidewater/internal/noaa\t0.903s")
        s.say(
            "반영했어요. `internal/cache/ttl.go`에 `PredictionsTTL = 1시간`, `ObservationsTTL = 6분`을 이유와 함께 적었고, "
            "`internal/noaa/cached.go`가 데이터 종류에 맞는 값을 쓰도록 바꿨습니다. 빌드와 테스트 모두 통과합니다."
        )

    @session(
        "h41-de-summary-and-decision-display-driver",
        "brassica",
        "2026-11-23T08:30:00",
        ["session_summary", "decision"],
        ["runbook", "preference"],
    )
    def _(s):
        s.user(
            "Heute ist das Display dran: das 1,9\"-ST7789 am SPI soll Temperatur, Luftfeuchte, CO2 und den Status der "
            "Lüftung anzeigen. Bevor du loslegst: eigene Zeichenroutinen oder embedded-graphics mit dem mipidsi-Treiber?"
        )
        s.say(
            "Eigene Routinen wären schlank, aber wir müssten Text, Rechtecke und Zahlenformatierung selbst bauen und "
            "testen. `embedded-graphics` bringt Primitives und Schriften mit, `mipidsi` kann den ST7789 inklusive "
            "Rotation und Offset. Kosten: etwa 50 bis 70 KB Flash. Dafür lässt sich das Layout auf dem Host gegen einen "
            "Simulator testen."
        )
        s.user(
            "Wir nehmen embedded-graphics mit mipidsi, keine eigenen Routinen. Die 60 KB haben wir noch, und dass wir das "
            "Layout auf dem Host testen können, ist mir wichtiger als die letzten Kilobytes."
        )
        s.edit(
            "Cargo.toml",
            "[dependencies]\n",
            "[dependencies]\nembedded-graphics = \"0.8\"\nmipidsi = \"0.9\"\ndisplay-interface-spi = \"0.5\"\n",
        )
        s.write(
            "src/display/mod.rs",
            "pub mod render;\n\npub type Display = mipidsi::Display<SPIInterface<SpiDeviceDriver<'static, SpiDriver<'static>>, PinDriver<'static, Gpio6, Output>>, ST7789, PinDriver<'static, Gpio7, Output>>;\n\n"
            "pub fn init(spi: SpiDeviceDriver<'static, SpiDriver<'static>>, dc: Gpio6, rst: Gpio7) -> anyhow::Result<Display> {\n"
            "    let di = SPIInterface::new(spi, PinDriver::output(dc)?);\n"
            "    let display = Builder::new(ST7789, di)\n        .display_size(170, 320)\n        .display_offset(35, 0)\n"
            "        .orientation(Orientation::new().rotate(Rotation::Deg90))\n        .invert_colors(ColorInversion::Inverted)\n"
            "        .reset_pin(PinDriver::output(rst)?)\n        .init(&mut Ets)\n        .map_err(|e| anyhow::anyhow!(\"display init: {e:?}\"))?;\n"
            "    Ok(display)\n}\n",
        )
        s.write(
            "core/src/screen.rs",
            "/// Draws the status screen; generic over the target so it runs on the host simulator too.\n"
            "pub fn draw<D: DrawTarget<Color = Rgb565>>(d: &mut D, s: &Status) -> Result<(), D::Error> {\n"
            "    d.clear(Rgb565::BLACK)?;\n    let big = MonoTextStyle::new(&FONT_10X20, Rgb565::WHITE);\n"
            "    let small = MonoTextStyle::new(&FONT_6X10, Rgb565::CSS_LIGHT_GRAY);\n"
            "    Text::new(&fmt_temp(s.temp_c), Point::new(8, 28), big).draw(d)?;\n"
            "    Text::new(&fmt_rh(s.rh), Point::new(8, 56), big).draw(d)?;\n"
            "    Text::new(&fmt_co2(s.co2_ppm), Point::new(8, 84), big).draw(d)?;\n"
            "    let fan = if s.fan_on { (\"Luefter AN\", Rgb565::GREEN) } else { (\"Luefter AUS\", Rgb565::CSS_GRAY) };\n"
            "    Text::new(fan.0, Point::new(8, 150), MonoTextStyle::new(&FONT_6X10, fan.1)).draw(d)?;\n"
            "    Text::new(&s.ip, Point::new(200, 150), small).draw(d)?;\n    Ok(())\n}\n",
        )
        s.write(
            "core/tests/screen.rs",
            "#[test]\nfn status_screen_shows_all_values() {\n    let mut d = MockDisplay::<Rgb565>::new();\n    d.set_allow_out_of_bounds_drawing(true);\n"
            "    draw(&mut d, &Status { temp_c: 23.4, rh: 61.0, co2_ppm: 712, fan_on: true, ip: \"192.168.4.37\".into() }).unwrap();\n"
            "    assert!(d.affected_area().size.width > 100);\n}\n\n"
            "#[test]\nfn formats_temperature_with_one_decimal() {\n    assert_eq!(fmt_temp(23.44), \"23,4 °C\");\n}\n",
        )
        s.bash(
            "cargo test -p greenhouse-core --target x86_64-unknown-linux-gnu -q 2>&1 | tail -n 3",
            "running 44 tests\n............................................\ntest result: ok. 44 passed; 0 failed; 0 ignored",
        )
        s.edit(
            "src/main.rs",
            "    let sensors = sensors::init(peripherals.i2c0, pins.gpio4, pins.gpio5)?;",
            "    let sensors = sensors::init(peripherals.i2c0, pins.gpio4, pins.gpio5)?;\n"
            "    let spi = spi_bus(peripherals.spi2, pins.gpio2, pins.gpio3, pins.gpio10)?;\n"
            "    let mut display = display::init(spi, pins.gpio6, pins.gpio7)?;",
        )
        s.edit(
            "src/app/ui.rs",
            "pub fn on_reading(r: &Reading) {",
            "pub fn on_reading(display: &mut Display, r: &Reading, fan_on: bool, ip: &str) {\n"
            "    let status = Status { temp_c: r.temp_c, rh: r.rh, co2_ppm: r.co2_ppm, fan_on, ip: ip.into() };\n"
            "    if let Err(e) = greenhouse_core::screen::draw(display, &status) { log::warn!(\"display: {e:?}\"); }\n}\n\n"
            "#[allow(dead_code)]\nfn on_reading_old(r: &Reading) {",
        )
        s.bash("cargo build --release 2>&1 | tail -n 1 && cargo espflash flash --release --monitor 2>&1 | grep -i display | head -n 3",
               "    Finished `release` profile [optimized] target(s) in 52.31s\nI (1420) brassica::display: ST7789 170x320 initialised\nI (3330) brassica::app::ui: display updated")
        s.user(
            "Es zeigt was an! Aber alles ist um 35 Pixel nach unten verschoben und rechts abgeschnitten. Ich muss gleich "
            "los, kannst du zusammenfassen, wo wir stehen?"
        )
        s.say(
            "Stand heute:\n\n"
            "**Entschieden**\n"
            "- `embedded-graphics` + `mipidsi` statt eigener Zeichenroutinen (Layout auf dem Host testbar, ca. 60 KB "
            "Flash, die noch frei sind).\n\n"
            "**Erledigt**\n"
            "- Treiber-Init in `src/display/mod.rs` (ST7789, 170x320, 90° gedreht, Farben invertiert)\n"
            "- Statusbildschirm in `core/src/screen.rs` (Temperatur, Luftfeuchte, CO2, Lüfterstatus, IP), generisch über "
            "`DrawTarget` und mit Host-Tests (`core/tests/screen.rs`, 44 Tests grün)\n"
            "- In `main.rs` und `app/ui.rs` eingebunden, geflasht: das Display zeigt Werte an\n\n"
            "**Offen**\n"
            "- Bild um 35 px verschoben und rechts abgeschnitten: vermutlich gehört der Offset nach der Drehung auf die "
            "andere Achse, also `display_offset(0, 35)` statt `(35, 0)`.\n"
            "- `on_reading_old` in `app/ui.rs` entfernen, sobald das Display stimmt.\n\n"
            "**Nächste Schritte**\n"
            "1. Offset korrigieren und am Gerät prüfen\n"
            "2. Nur bei Wertänderung neu zeichnen (jetzt wird alle 10 s der ganze Bildschirm gelöscht, das flackert)\n"
            "3. Hintergrundbeleuchtung nach 2 Minuten ohne Tastendruck dimmen"
        )

    @session(
        "h43-ko-preference-structured-logging",
        "tidewater",
        "2026-11-24T10:40:00",
        ["preference"],
        ["runbook", "constraint", "tech_debt"],
    )
    def _(s):
        s.user(
            "새로 추가한 핸들러에 log.Printf가 들어가 있네요. 앞으로 로그는 전부 log/slog로, 메시지는 짧은 소문자 문장에 "
            "값은 키-값 속성으로 남겨 주세요. 예를 들면 slog.Info(\"prefetch done\", \"stations\", n) 이런 식으로요. "
            "문자열 안에 값을 끼워 넣는 포맷팅은 쓰지 말아 주세요. 나중에 로그 검색할 때 너무 불편해요."
        )
        s.bash(
            "grep -rn 'log.Printf' internal/ cmd/",
            "internal/api/tides.go:44:\t\tlog.Printf(\"tides for %s failed: %v\", id, err)\n"
            "internal/api/tides.go:61:\tlog.Printf(\"served %d predictions for %s in %s\", len(preds), id, time.Since(start))",
        )
        s.edit(
            "internal/api/tides.go",
            "\t\tlog.Printf(\"tides for %s failed: %v\", id, err)",
            "\t\tslog.Error(\"tides request failed\", \"station\", id, \"err\", err)",
        )
        s.edit(
            "internal/api/tides.go",
            "\tlog.Printf(\"served %d predictions for %s in %s\", len(preds), id, time.Since(start))",
            "\tslog.Info(\"served predictions\", \"station\", id, \"count\", len(preds), \"took\", time.Since(start))",
        )
        s.bash("go build ./... && go test ./internal/api/...", "ok  \tgithub.com/tidewater/tidewater/internal/api\t1.402s")
        s.say(
            "`internal/api/tides.go`의 `log.Printf` 두 곳을 `slog`로 바꿨습니다. 메시지는 짧은 소문자 문장, 값은 "
            "`station`, `count`, `took`, `err` 같은 속성으로 남깁니다. 빌드와 테스트 통과했어요. 앞으로 새 로그도 이 방식으로 쓰겠습니다."
        )
        s.user("좋아요, 고마워요.")
        s.say("네!")

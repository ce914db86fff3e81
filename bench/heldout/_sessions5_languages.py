"""Fifth held-out set: sessions not in English (user and assistant in the language). See _make_triage5.py."""


def register(session):
    @session("n37-es-decision-ggiraph", "orchardline", "2026-11-04T09:20:00", ["decision"], ("tech_debt",))
    def _(s):
        s.user("Hola! Los gráficos de tendencias tienen que ser interactivos (tooltips al pasar el ratón). ¿Plotly o ggiraph? Ya tenemos todo en ggplot2.")
        s.grep("ggplot\\(", "R/mod_cases.R:44:    ggplot(d, aes(iso_week, n, colour = region)) +\nR/mod_hosp.R:39:    ggplot(d, aes(date, admissions)) +\nR/theme_agency.R:3:theme_agency <- function() {")
        s.say(
            "Las dos sirven:\n\n- **plotly** (`ggplotly()`): convierte el ggplot tal cual, zoom y pan incluidos. Pesa unos 3-4 MB de "
            "JavaScript y a veces ignora partes del tema (`theme_agency()` usa fuentes y márgenes que ggplotly no respeta del todo).\n"
            "- **ggiraph**: cambias `geom_line` por `geom_line_interactive` y añades `tooltip`; el gráfico sigue siendo SVG de ggplot, "
            "así que el tema de la agencia se ve igual. Menos funciones (sin zoom por defecto), más ligero."
        )
        s.user("ggiraph. Plotly pesa demasiado para los portátiles del servicio y el tema tiene que verse idéntico al del informe en PDF.")
        s.edit("R/mod_cases.R", "    ggplot(d, aes(iso_week, n, colour = region)) +\n      geom_line()",
               "    p <- ggplot(d, aes(iso_week, n, colour = region)) +\n      ggiraph::geom_line_interactive(aes(tooltip = region, data_id = region))")
        s.edit("R/mod_cases.R", "  output$trend <- renderPlot({", "  output$trend <- ggiraph::renderGirafe({")
        s.bash("Rscript -e 'shinytest2::test_app()'", "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 13 ]")
        s.say("Listo: la pestaña de casos usa ggiraph (`geom_line_interactive` con tooltip por región, `renderGirafe`), el tema de la agencia se mantiene y los 13 tests de la app pasan. Hospitalizaciones sigue igual, ¿lo cambio también?")
        s.user("sí, luego, ahora no tengo tiempo para revisarlo")
        s.say("De acuerdo, lo dejo para cuando puedas revisarlo.")

    @session("n38-de-runbook-flyway-checksum", "tallyho", "2026-11-04T07:10:00", ["runbook"])
    def _(s):
        s.user("App startet auf TEST nicht mehr: `FlywayValidateException: Validate failed: Migration checksum mismatch for migration version 47`. Bitte anschauen.")
        s.bash("git log --oneline -3 -- src/main/resources/db/migration/V47__settlement_audit.sql",
               "c19e0aa V47: Kommentar korrigiert\n7f3b21d V47: settlement_audit Tabelle")
        s.bash("git show c19e0aa --stat", " src/main/resources/db/migration/V47__settlement_audit.sql | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)")
        s.say(
            "Ursache: In `V47__settlement_audit.sql` wurde nachträglich nur ein Kommentar geändert (`c19e0aa`). Die Migration war auf "
            "TEST schon angewendet, Flyway vergleicht die Prüfsumme und bricht ab. Inhaltlich ist nichts anders, daher reicht ein "
            "`flyway repair`, das die gespeicherte Prüfsumme aktualisiert."
        )
        s.user("ok mach repair auf TEST. Und schreib es ins Betriebshandbuch, passiert bestimmt wieder")
        s.bash("./gradlew flywayRepair -Pflyway.url=jdbc:oracle:thin:@tally-test:1521/TALLYT -Pflyway.user=tally_owner",
               "Repair of failed migration in Schema History table \"TALLY_OWNER\".\"flyway_schema_history\" not necessary. No failed migration detected.\n"
               "Repairing Schema History table for version 47 (Description: settlement audit, Type: SQL, Checksum: -1204431220)  ...\nSuccessfully repaired schema history table")
        s.bash("oc rollout restart deploy/tallyho -n tallyho-test && oc rollout status deploy/tallyho -n tallyho-test",
               "deployment.apps/tallyho restarted\ndeployment \"tallyho\" successfully rolled out")
        s.edit("docs/betriebshandbuch.md", "# Betriebshandbuch\n", "# Betriebshandbuch\n\n## Start bricht ab: `Migration checksum mismatch`\n"
               "Ursache: eine bereits angewendete Migration (`V<n>__*.sql`) wurde nachträglich geändert.\n"
               "1. `git log -- <datei>` prüfen: nur Kommentar/Formatierung geändert? Dann `./gradlew flywayRepair` gegen die betroffene DB.\n"
               "2. Wurde SQL inhaltlich geändert: **nicht** reparieren, sondern die Änderung als neue Migration `V<n+1>` anlegen.\n"
               "3. Prüfen: Deployment neu starten, Log zeigt `Successfully validated`.\n")
        s.say("Repariert: `flywayRepair` auf TEST hat die Prüfsumme von V47 aktualisiert, die App ist wieder hochgefahren. Ablauf (inkl. wann man *nicht* repariert) steht im Betriebshandbuch.")

    @session("n39-fr-constraint-batch-window", "tallyho", "2026-11-05T08:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user(
            "Salut. Petite précision pour la suite, parce que je vois qu'on rajoute des étapes au job de nuit : la fenêtre batch se "
            "termine à 05h00, point. À 05h00 le progiciel de gestion des contrats prend un verrou exclusif sur les tables CLAIM et "
            "POLICY, c'est imposé par l'éditeur et on n'a pas la main dessus. Si on tourne encore à ce moment-là, on se fait tuer "
            "nos sessions. Tu peux vérifier combien de marge on a aujourd'hui ?"
        )
        s.bash("sqlplus -s batch_ro@TALLYP <<< \"select to_char(start_time,'HH24:MI') s, to_char(end_time,'HH24:MI') e from batch_job_execution e join batch_job_instance i using (job_instance_id) where job_name='settlementJob' and start_time > sysdate-7 order by 1;\"",
               "S     E\n----- -----\n01:00 02:11\n01:00 02:04\n01:00 02:19\n01:00 03:02\n01:00 02:08\n01:00 02:15\n01:00 02:09")
        s.say(
            "Sur les 7 dernières nuits, `settlementJob` démarre à 01:00 et finit entre 02:04 et 03:02. La marge est donc de 2 h au "
            "pire. Le job des provisions (`reserveJob`) démarre après lui et dure environ 40 min, ce qui laisse encore ~1 h 20 dans "
            "le pire cas. Je peux ajouter un garde-fou : refuser de lancer une étape après 04:30."
        )
        s.user("oui fais ça")
        s.write("src/main/java/com/tallyho/batch/BatchWindowGuard.java",
                "/** Le progiciel contrats verrouille CLAIM/POLICY à 05:00 (contrainte éditeur) : aucune étape ne démarre après 04:30. */\n"
                "public class BatchWindowGuard implements StepExecutionListener {\n    static final LocalTime LAST_START = LocalTime.of(4, 30);\n    ...\n}")
        s.bash("./gradlew test --tests '*BatchWindowGuard*'", "BatchWindowGuardTest > refusesStepAfter0430() PASSED\nBatchWindowGuardTest > allowsStepBefore0430() PASSED\n\nBUILD SUCCESSFUL in 21s")
        s.say("Ajouté `BatchWindowGuard` sur les deux jobs : une étape qui démarrerait après 04:30 s'arrête en `STOPPED` (redémarrable la nuit suivante) au lieu de se faire couper par le verrou de 05:00. Tests OK.")

    @session("n40-pt-techdebt-duplicated-modules", "orchardline", "2026-11-05T14:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("Reparei que mod_cases.R e mod_hosp.R têm praticamente o mesmo código de filtro por região e semana. Dá pra ver o quanto é duplicado?")
        s.bash("diff <(sed -n '10,60p' R/mod_cases.R) <(sed -n '8,58p' R/mod_hosp.R) | grep -c '^[<>]'", "14")
        s.read("R/mod_cases.R", "  filtered <- reactive({\n    d <- cases()\n    if (input$region != \"Todas\") d <- dplyr::filter(d, region == input$region)\n    d <- dplyr::filter(d, iso_week >= input$weeks[1], iso_week <= input$weeks[2])\n    ...")
        s.say(
            "Das ~50 linhas do bloco de filtros, só 14 diferem (nomes de colunas: `iso_week` vs `date`). Dá pra extrair um "
            "`mod_filters_server()` que devolve a expressão reativa filtrada e recebe o nome da coluna de tempo. Mexe nos dois "
            "módulos e nos testes de app."
        )
        s.user("É isso mesmo, mas deixa pra depois da entrega de dezembro, agora não quero mexer nos dois módulos. Anota no tech-debt.md.")
        s.edit("docs/tech-debt.md", "# Tech debt\n", "# Tech debt\n\n## Filtros duplicados em mod_cases / mod_hosp\nOs dois módulos repetem ~50 linhas de filtro por região e semana "
               "(14 linhas diferentes). Extrair um `mod_filters_server(id, data, time_col)`. Adiado para depois da entrega de dezembro.\n")
        s.say("Anotado em `docs/tech-debt.md`: a duplicação, a extração sugerida (`mod_filters_server`) e que fica para depois da entrega de dezembro.")

    @session("n41-ja-preference-log-macros", "pulsewren", "2026-11-06T01:30:00", ["preference"])
    def _(s):
        s.user("電極の接触インピーダンスが閾値を超えたときに警告を出す処理を src/sensing/lead_off.c に追加してください。閾値は 2 MΩ です。")
        s.edit("src/sensing/lead_off.c", "    /* check impedance */", "    if (z_ohm > 2000000U) {\n        printk(\"lead off: %u ohm\\n\", z_ohm);\n        lead_off_notify(ch);\n    }")
        s.say("閾値 2 MΩ を超えたら `lead_off_notify()` を呼び、`printk` で出力するようにしました。")
        s.user("あ、うちでは printk は使わないでください。ログは必ず LOG_MODULE_REGISTER して LOG_WRN / LOG_INF などのマクロで出す決まりです。メッセージは英語で。")
        s.grep("LOG_MODULE_REGISTER", "src/sensing/adc_sample.c:12:LOG_MODULE_REGISTER(adc_sample, CONFIG_SENSING_LOG_LEVEL);\nsrc/sensing/filter.c:9:LOG_MODULE_REGISTER(filter, CONFIG_SENSING_LOG_LEVEL);")
        s.edit("src/sensing/lead_off.c", "#include \"lead_off.h\"", "#include \"lead_off.h\"\n#include <zephyr/logging/log.h>\n\nLOG_MODULE_REGISTER(lead_off, CONFIG_SENSING_LOG_LEVEL);")
        s.edit("src/sensing/lead_off.c", "        printk(\"lead off: %u ohm\\n\", z_ohm);", "        LOG_WRN(\"lead off on ch %d: %u ohm\", ch, z_ohm);")
        s.bash("west build -b nrf5340dk/nrf5340/cpuapp 2>&1 | tail -1", "[412/412] Linking C executable zephyr/zephyr.elf")
        s.say("`printk` をやめ、他のセンシング系ファイルと同じく `LOG_MODULE_REGISTER(lead_off, CONFIG_SENSING_LOG_LEVEL)` と英語の `LOG_WRN` に変更しました。ビルドも通っています。")

    @session("n42-zh-constraint-memory-limit", "quince", "2026-11-06T03:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user("quince 在生产上被 OOMKilled 了两次。先说明一下：平台组给所有服务的 memory limit 统一是 256Mi，这是集群策略，我们申请不了更多。所以只能让程序自己控制在这个范围内。")
        s.bash("kubectl -n flags get pod -l app=quince -o jsonpath='{.items[0].status.containerStatuses[0].lastState.terminated.reason}'", "OOMKilled")
        s.grep("rtsopts|with-rtsopts", "quince.cabal:58:  ghc-options: -threaded -rtsopts \"-with-rtsopts=-N\"")
        s.say(
            "目前 RTS 没有设置堆上限（`-with-rtsopts=-N`），GHC 的堆会一直长到被 cgroup 杀掉。GHC 的复制式 GC 在做 major GC 时"
            "最多需要大约两倍的活跃数据，所以在 256Mi 的容器里建议把最大堆设在 ~180M，给 RTS 和栈留余量，并用 `-c` 改成 compacting 减少峰值。"
        )
        s.edit("quince.cabal", "  ghc-options: -threaded -rtsopts \"-with-rtsopts=-N\"",
               "  -- 集群对所有服务的 memory limit 统一为 256Mi（平台组策略，不能提高）：堆上限 180M\n  ghc-options: -threaded -rtsopts \"-with-rtsopts=-N -M180m -c\"")
        s.bash("nix build .#quince && ./result/bin/quince +RTS --info | grep -i 'rts opts'", " ,(\"Flag -with-rtsopts\", \"-N -M180m -c\")")
        s.bash("./scripts/load.sh --tenants 400 --duration 5m && kubectl -n flags-staging top pod -l app=quince",
               "p99 38ms, 0 errors\nNAME                      CPU(cores)   MEMORY(bytes)\nquince-6b9f7d7c8d-x2kfl   312m         201Mi")
        s.say("已加上 `-M180m -c`。在 staging 压测 5 分钟（400 个租户）内存稳定在约 201Mi，低于 256Mi 限制，p99 38ms，没有错误。cabal 文件里也注明了 256Mi 是集群策略。")

    @session("n43-ko-decision-listen-notify", "quince", "2026-11-07T05:00:00", ["decision"])
    def _(s):
        s.user("플래그 변경이 다른 파드에 반영되기까지 최대 60초 걸려요. 지금은 캐시를 60초마다 폴링하는데, 개선 방법 있을까요?")
        s.read("src/Quince/Cache.hs", "refreshLoop :: Pool -> IORef FlagCache -> IO ()\nrefreshLoop pool ref = forever $ do\n  threadDelay (60 * 1000000)\n  atomicWriteIORef ref =<< loadAll pool")
        s.say(
            "선택지는 세 가지입니다:\n\n1. **폴링 주기 단축** (예: 5초): 코드 변경은 한 줄이지만 파드 수 × 테넌트 수만큼 DB 부하가 늘어납니다.\n"
            "2. **Postgres LISTEN/NOTIFY**: 플래그 변경 트랜잭션에서 `NOTIFY flags_changed, '<tenant>'`을 보내고 각 파드가 해당 테넌트만 "
            "다시 읽습니다. 반영은 거의 즉시, 추가 인프라 없음. 연결이 끊기면 알림을 놓칠 수 있으니 긴 주기의 폴링은 안전망으로 남기는 게 좋습니다.\n"
            "3. **Redis pub/sub**: 새 인프라가 필요합니다."
        )
        s.user("LISTEN/NOTIFY로 가자. 폴링은 안전망으로 10분 주기로 남기고. Redis는 이것 때문에 추가하고 싶지 않아요.")
        s.write("src/Quince/Notify.hs", "module Quince.Notify (listenLoop) where\n\n-- LISTEN flags_changed; 알림마다 해당 테넌트 캐시만 다시 읽는다\nlistenLoop :: Connection -> Pool -> IORef FlagCache -> IO ()\n...")
        s.edit("src/Quince/Cache.hs", "  threadDelay (60 * 1000000)", "  threadDelay (600 * 1000000)  -- 안전망: LISTEN/NOTIFY가 주 경로")
        s.bash("cabal test --test-options='-p Notify'", "Notify\n  change on one pod is visible on another within 1s: OK (0.42s)\n\nAll 1 tests passed (0.43s)")
        s.say("LISTEN/NOTIFY로 바꿨습니다: 변경 시 `flags_changed` 알림으로 해당 테넌트만 다시 로드하고, 폴링은 10분 주기의 안전망으로 남겼습니다. 테스트에서 다른 파드 반영이 0.42초입니다.")

    @session("n44-es-long-connect-stale-data", "orchardline", "2026-11-09T08:45:00", ["session_summary", "runbook", "preference"], ("decision",))
    def _(s):
        s.user("Buenos días. En Connect el dashboard sigue mostrando los datos de la semana 43, pero el pipeline de anoche terminó bien y en local veo la semana 45. ¿Lo miras?")
        s.work([
            ("bash", "Rscript -e 'targets::tar_meta(fields = time)' | tail -3", "  name             time\n  cases_weekly     2026-11-09 03:12:40\n  hosp_daily       2026-11-09 03:12:44"),
            ("read", "R/app_server.R", "app_server <- function(input, output, session) {\n  cases <- arrow::open_dataset(\"extracts/cases_weekly\")\n  hosp <- arrow::open_dataset(\"extracts/hosp_daily\")\n  ..."),
            ("bash", "ssh connect-admin 'ls -la /opt/rstudio-connect/mnt/app/orchardline/extracts/cases_weekly | head -3'", "drwxr-xr-x 14 rstudio-connect rstudio-connect 4096 Oct 27 10:02 .\n-rw-r--r--  1 rstudio-connect rstudio-connect ..."),
            ("bash", "ssh connect-admin 'ls -la /srv/epi-share/orchardline/extracts/cases_weekly | head -2'", "drwxrwxr-x 15 epi-pipeline epi 4096 Nov  9 03:12 ."),
            ("grep", "extracts", "R/app_server.R:2:  cases <- arrow::open_dataset(\"extracts/cases_weekly\")\nR/app_server.R:3:  hosp <- arrow::open_dataset(\"extracts/hosp_daily\")\n_targets.R:41:    arrow::write_dataset(cases_weekly, \"extracts/cases_weekly\", partitioning = \"region\")\n.rscignore:1:data/raw"),
        ])
        s.say(
            "Ya está la causa: la app lee `extracts/` con una ruta relativa, o sea, la copia que se subió **dentro del bundle** en "
            "el último despliegue (27 de octubre). El pipeline escribe en `/srv/epi-share/orchardline/extracts`, que Connect no "
            "lee. En local coincide porque las dos rutas son la misma carpeta. Propongo leer la ruta de una variable de entorno "
            "`ORCHARD_DATA_DIR` (configurada en Connect) y excluir `extracts/` del bundle."
        )
        s.user("Vale, adelante.")
        s.work([
            ("write", "R/data_dir.R", "data_dir <- function() {\n  d <- Sys.getenv(\"ORCHARD_DATA_DIR\", unset = \"extracts\")\n  if (!dir.exists(d)) stop(\"ORCHARD_DATA_DIR no existe: \", d)\n  d\n}"),
            ("edit", "R/app_server.R", "  cases <- arrow::open_dataset(\"extracts/cases_weekly\")\n  hosp <- arrow::open_dataset(\"extracts/hosp_daily\")", "  library(arrow)\n  cases <- open_dataset(file.path(data_dir(), \"cases_weekly\"))\n  hosp <- open_dataset(file.path(data_dir(), \"hosp_daily\"))"),
        ])
        s.user("Ojo, nada de library() dentro de R/, esto es un paquete golem. Siempre pkg::fun, como en el resto del código.")
        s.work([
            ("edit", "R/app_server.R", "  library(arrow)\n  cases <- open_dataset(file.path(data_dir(), \"cases_weekly\"))\n  hosp <- open_dataset(file.path(data_dir(), \"hosp_daily\"))", "  cases <- arrow::open_dataset(file.path(data_dir(), \"cases_weekly\"))\n  hosp <- arrow::open_dataset(file.path(data_dir(), \"hosp_daily\"))"),
            ("grep", "^library\\(|^\\s+library\\(", "R/mod_report.R:3:  library(quarto)"),
            ("edit", "R/mod_report.R", "  library(quarto)\n", ""),
            ("bash", "Rscript -e 'devtools::check(document = FALSE, args = \"--no-manual\")' 2>&1 | tail -3", "── R CMD check results ── orchardline 0.9.0 ──\nDuration: 1m 21.4s\n\n0 errors ✔ | 0 warnings ✔ | 0 notes ✔"),
            ("edit", ".rscignore", "data/raw", "data/raw\nextracts"),
            ("bash", "ssh connect-admin 'sudo -u rstudio-connect test -r /srv/epi-share/orchardline/extracts/cases_weekly && echo ok'", "ok"),
            ("bash", "Rscript -e 'connectapi::set_environment_new(connectapi::content_item(connectapi::connect(), \"4c1f2a\"), ORCHARD_DATA_DIR = \"/srv/epi-share/orchardline/extracts\")'", "Environment variables updated: ORCHARD_DATA_DIR"),
            ("bash", "Rscript -e 'rsconnect::deployApp(appId = 4183, forceUpdate = TRUE)' 2>&1 | tail -2", "Bundle size: 1.2 MB (was 48.7 MB)\nApplication successfully deployed to https://connect.agency.internal/orchardline/"),
            ("bash", "curl -s https://connect.agency.internal/orchardline/__health__ ; echo", "{\"status\":\"ok\",\"data_dir\":\"/srv/epi-share/orchardline/extracts\",\"latest_week\":\"2026-W45\"}"),
            ("bash", "Rscript -e 'shinytest2::test_app()'", "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 13 ]"),
            ("write", "tests/testthat/test-data_dir.R", "test_that(\"data_dir uses ORCHARD_DATA_DIR\", {\n  withr::local_envvar(ORCHARD_DATA_DIR = tempdir())\n  expect_equal(data_dir(), tempdir())\n})\ntest_that(\"data_dir fails loudly when the folder is missing\", {\n  withr::local_envvar(ORCHARD_DATA_DIR = \"/no/such\")\n  expect_error(data_dir(), \"no existe\")\n})"),
            ("bash", "Rscript -e 'devtools::test(filter = \"data_dir\")'", "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 2 ]"),
            ("edit", "docs/deploy.md", "# Despliegue\n", "# Despliegue\n\n## El dashboard en Connect muestra datos viejos\nSíntoma: Connect enseña una semana anterior aunque el pipeline terminó bien.\n"
             "Causa: la app leía `extracts/` del bundle desplegado, no la carpeta compartida que escribe el pipeline.\n"
             "Arreglo: la app lee `ORCHARD_DATA_DIR` (en Connect: `/srv/epi-share/orchardline/extracts`); `extracts` está en `.rscignore`.\n"
             "Comprobar: `curl https://connect.agency.internal/orchardline/__health__` debe dar la última semana (`latest_week`).\n"),
            ("bash", "git status --short", " M .rscignore\n M R/app_server.R\n M R/mod_report.R\n M docs/deploy.md\n?? R/data_dir.R\n?? tests/testthat/test-data_dir.R"),
            ("bash", "git diff --stat | tail -1", " 4 files changed, 19 insertions(+), 5 deletions(-)"),
            ("bash", "Rscript -e 'lintr::lint_package()' | tail -1", "No lints found."),
        ])
        s.say("Arreglado: Connect ya muestra la semana 45 y el health check lo confirma.")
        s.user("Perfecto. ¿Me haces un resumen de la sesión para el canal del equipo?")
        s.say(
            "Resumen:\n\n"
            "**Problema**: el dashboard en Connect mostraba la semana 43 aunque el pipeline había generado la 45.\n"
            "**Causa**: `app_server.R` leía `extracts/` con ruta relativa, es decir, la copia incluida en el bundle del último despliegue (27/10), "
            "no la carpeta compartida `/srv/epi-share/orchardline/extracts` donde escribe el pipeline.\n"
            "**Cambios**:\n- nueva `data_dir()` que lee `ORCHARD_DATA_DIR` y falla si la carpeta no existe (2 tests);\n"
            "- variable configurada en Connect; `extracts` excluido del bundle (de 48,7 MB a 1,2 MB);\n"
            "- quitados los `library()` de `R/` (paquete golem: siempre `pkg::fun`);\n- pasos documentados en `docs/deploy.md`.\n"
            "**Verificado**: health check con `latest_week: 2026-W45`, `R CMD check` sin notas, 13 tests de app y lintr limpios."
        )

    @session("n45-de-decision-techdebt-paging-reader", "tallyho", "2026-11-10T07:30:00", ["decision", "tech_debt"])
    def _(s):
        s.user(
            "Die Reserveberechnung läuft noch über die PL/SQL-Prozedur `CALC_RESERVES`, die wir aus dem Tasklet aufrufen. Für den "
            "neuen Tarif muss die Logik angepasst werden. Entweder wir ändern die Prozedur, oder wir ziehen die Berechnung nach Java "
            "(JdbcPagingItemReader + Processor). Was meinst du?"
        )
        s.read("src/main/java/com/tallyho/reserve/ReserveTasklet.java", "public RepeatStatus execute(StepContribution c, ChunkContext ctx) {\n    jdbc.update(\"begin CALC_RESERVES(:runDate); end;\", Map.of(\"runDate\", runDate));\n    return RepeatStatus.FINISHED;\n}")
        s.say(
            "- **Prozedur anpassen**: kleinste Änderung, schnell in der DB. Aber die Logik ist nicht unit-testbar, Restart gibt es nur "
            "als \"alles nochmal\", und nur zwei Leute im Team lesen PL/SQL.\n- **Java (Chunk-Step)**: testbar mit JUnit, Restart pro "
            "Chunk, gleiche Struktur wie die Settlement-Jobs. Mehr Aufwand jetzt (~3 Tage), etwas mehr Last durch das Lesen der Daten."
        )
        s.user("Java mit Paging-Reader. PL/SQL wollen wir langfristig sowieso loswerden. Die alte Prozedur bleibt aber erstmal in der DB liegen, das Aufräumen machen wir nach dem Jahresabschluss, vorher fasst die DBA-Abteilung nichts an.")
        s.write("src/main/java/com/tallyho/reserve/ReserveJobConfig.java", "@Bean\nStep reserveStep(JobRepository repo, PlatformTransactionManager tx) {\n    return new StepBuilder(\"reserveStep\", repo)\n"
                "        .<Claim, Reserve>chunk(1000, tx)\n        .reader(reserveReader())   // JdbcPagingItemReader, sortiert nach claim_id\n        .processor(new ReserveProcessor(tariffs))\n        .writer(reserveWriter)\n        .build();\n}")
        s.bash("./gradlew test --tests '*Reserve*'", "ReserveProcessorTest > newTariffUsesLossRatio() PASSED\nReserveJobIT > resultsMatchPlsqlForSampleMonth() PASSED\n\nBUILD SUCCESSFUL in 1m 40s")
        s.edit("docs/tech-debt.md", "# Tech debt\n", "# Tech debt\n\n## PL/SQL-Prozedur CALC_RESERVES nicht mehr benutzt\nDie Reserveberechnung läuft jetzt als Java-Chunk-Step. Die Prozedur liegt noch in der DB; entfernen nach dem Jahresabschluss (DBA-Freeze bis dahin).\n")
        s.say("Reserve-Step ist jetzt ein Chunk-Step mit `JdbcPagingItemReader` und `ReserveProcessor`; der Vergleichstest gegen die PL/SQL-Ergebnisse eines Beispielmonats ist grün. Die stillgelegte Prozedur steht mit \"nach dem Jahresabschluss entfernen\" in `docs/tech-debt.md`.")

    @session("n46-ja-long-ota-revert", "pulsewren", "2026-11-11T01:00:00", ["session_summary", "runbook", "constraint"], ("decision",))
    def _(s):
        s.user("OTA でアップデートしたあと、再起動すると古いバージョン(1.4.0)に戻ってしまいます。開発キットで再現します。調べてもらえますか？")
        s.work([
            ("bash", "mcumgr --conntype ble --connstring peer_name=PW-DEV07 image list", "Images:\n image=0 slot=0\n    version: 1.4.0\n    flags: active confirmed\n image=0 slot=1\n    version: 1.5.0-rc1\n    flags: \n"),
            ("bash", "west espressif 2>/dev/null; grep -E 'CONFIG_BOOT_|SWAP' build/mcuboot/zephyr/.config | head", "CONFIG_BOOT_SWAP_USING_MOVE=y\nCONFIG_BOOT_UPGRADE_ONLY=n\nCONFIG_BOOT_VALIDATE_SLOT0=y"),
            ("grep", "boot_write_img_confirmed", ""),
            ("read", "src/main.c", "int main(void)\n{\n    board_init();\n    ecg_log_init();\n    ble_init();\n    ...\n}"),
        ])
        s.say(
            "原因が分かりました。MCUboot は swap-using-move のテストスワップで起動していますが、アプリ側で "
            "`boot_write_img_confirmed()` を一度も呼んでいません。確認されないイメージは次の再起動で MCUboot が元に戻します"
            "（revert）。セルフテスト成功後に確認するようにします。"
        )
        s.work([
            ("edit", "src/main.c", "    ble_init();", "    ble_init();\n\n    if (!boot_is_img_confirmed()) {\n        if (selftest_run() == 0) {\n            boot_write_img_confirmed();\n            LOG_INF(\"image confirmed\");\n        } else {\n            LOG_ERR(\"selftest failed, image stays unconfirmed\");\n        }\n    }"),
            ("edit", "src/main.c", "#include \"board.h\"", "#include \"board.h\"\n#include <zephyr/dfu/mcuboot.h>\n#include \"selftest.h\""),
            ("grep", "CONFIG_MCUBOOT_IMG_MANAGER|CONFIG_IMG_MANAGER", "prj.conf:48:CONFIG_IMG_MANAGER=y\nprj.conf:49:CONFIG_MCUBOOT_IMG_MANAGER=y"),
            ("read", "src/app/selftest.c", "int selftest_run(void)\n{\n    if (afe_check_id() != 0) return -EIO;\n    if (flash_check() != 0) return -EIO;\n    return 0;\n}"),
            ("bash", "west build -b nrf5340dk/nrf5340/cpuapp --sysbuild 2>&1 | tail -2", "[418/418] Linking C executable zephyr/zephyr.elf\n-- Zephyr (sysbuild) build finished"),
            ("bash", "west sign -t imgtool -- --key keys/dev-signing-key.pem --version 1.5.0-rc2 2>&1 | tail -1", "image.py: sign the payload\nwrote build/zephyr/zephyr.signed.bin"),
        ])
        s.say("開発用の鍵で 1.5.0-rc2 に署名してテストします。")
        s.user(
            "開発キットなら dev 鍵で大丈夫です。ただ覚えておいてほしいのは、製品用の署名鍵は品質保証部の HSM の中にあって、"
            "開発者も CI も触れません。リリースイメージの署名は QA が手順書どおりに行う決まりです（IEC 62304 の構成管理）。"
            "なので CI にリリース署名のステップを作ったりはしないでください。"
        )
        s.work([
            ("bash", "mcumgr --conntype ble --connstring peer_name=PW-DEV07 image upload build/zephyr/zephyr.signed.bin", " 421.10 KiB / 421.10 KiB [==============] 100.00% 3.91 KiB/s 1m47s\nDone"),
            ("bash", "mcumgr --conntype ble --connstring peer_name=PW-DEV07 image list | grep -A2 'slot=1' | grep hash", "    hash: 5d0c4f…"),
            ("bash", "mcumgr --conntype ble --connstring peer_name=PW-DEV07 image test 5d0c4f… && mcumgr --conntype ble --connstring peer_name=PW-DEV07 reset", "Done"),
            ("bash", "sleep 20; mcumgr --conntype ble --connstring peer_name=PW-DEV07 image list", "Images:\n image=0 slot=0\n    version: 1.5.0-rc2\n    flags: active confirmed\n image=0 slot=1\n    version: 1.4.0\n    flags: \n"),
            ("bash", "mcumgr --conntype ble --connstring peer_name=PW-DEV07 reset && sleep 20 && mcumgr --conntype ble --connstring peer_name=PW-DEV07 image list | head -4", "Images:\n image=0 slot=0\n    version: 1.5.0-rc2\n    flags: active confirmed"),
            ("bash", "nrfjprog --readuart 2>/dev/null | grep -m1 'image confirmed' || west espressif 2>/dev/null; cat logs/rtt-last.txt | grep -m1 confirmed", "[00:00:01.204,000] <inf> main: image confirmed"),
            ("edit", "src/app/selftest.c", "    if (afe_check_id() != 0) return -EIO;", "    if (afe_check_id() != 0) return -EIO;\n    /* ここで失敗すると確認されず、次回起動で MCUboot が前のイメージに戻す */"),
            ("write", "tests/boot/src/main.c", "#include <zephyr/ztest.h>\n...\nZTEST(boot, test_failed_selftest_leaves_image_unconfirmed)\n{\n    ...\n}"),
            ("bash", "west twister -T tests/boot -p native_sim", "INFO    - 2 of 2 executed test configurations passed (100.00%)"),
            ("grep", "sign", ".github/workflows/build.yml:41:      - run: west sign -t imgtool -- --key keys/dev-signing-key.pem"),
            ("edit", ".github/workflows/build.yml", "      - run: west sign -t imgtool -- --key keys/dev-signing-key.pem", "      # 開発用鍵のみ。製品用の署名は QA が HSM で行う（CI では行わない）\n      - run: west sign -t imgtool -- --key keys/dev-signing-key.pem"),
            ("edit", "docs/troubleshooting.md", "## DFU over serial stops with `NMP timeout`", "## OTA 後の再起動で古いバージョンに戻る\n\n症状: `image list` で新イメージが slot 1 に残り、flags が空。\n原因: アプリが `boot_write_img_confirmed()` を呼ばないと MCUboot が次の起動で revert する。\n"
             "対処: main でセルフテスト成功後に確認する（1.5.0-rc2 以降）。\n確認: `image test <hash>` → reset → `image list` で slot 0 が新バージョン・`active confirmed`、もう一度 reset しても変わらないこと。\n\n## DFU over serial stops with `NMP timeout`"),
            ("bash", "git diff --stat | tail -1", " 5 files changed, 38 insertions(+), 1 deletion(-)"),
        ])
        s.say("修正と確認が終わりました。1.5.0-rc2 は 2 回再起動しても `active confirmed` のままです。")
        s.user("ありがとうございます。最後に今日の作業のまとめをお願いします。")
        s.say(
            "本日のまとめ:\n\n"
            "**問題**: OTA 後の再起動で 1.4.0 に戻る。\n"
            "**原因**: アプリが新イメージを確認（`boot_write_img_confirmed()`）しておらず、MCUboot（swap-using-move）が次の起動で revert していた。\n"
            "**修正**: `main()` でセルフテスト（AFE の ID、フラッシュ）が成功したときだけイメージを確認。失敗時は未確認のままにし、次回起動で前のイメージに戻る。\n"
            "**確認**: 開発キット PW-DEV07 に BLE で 1.5.0-rc2 を送信 → test → reset、2 回の再起動後も `active confirmed`。ブートのテスト 2 件 OK。\n"
            "**ドキュメント**: `docs/troubleshooting.md` に症状・原因・対処・確認方法を追加。CI の署名ステップに「開発用鍵のみ、製品署名は QA が HSM で」とコメント。\n"
            "**未完了**: 1.5.0 のリリース署名は QA の手順で行う。"
        )

    @session("n47-ko-techdebt-preference-v1-endpoint", "quince", "2026-11-12T04:30:00", ["tech_debt", "preference"], ("decision",))
    def _(s):
        s.user("/v2/evaluate에 `explain` 옵션 추가해 주세요. 어떤 규칙이 매칭됐는지 응답에 같이 내려주는 거요.")
        s.read("src/Quince/Api.hs", "type EvaluateV1 = \"v1\" :> \"flags\" :> Capture \"tenant\" TenantId :> Get '[JSON] [Evaluation]\n"
               "type EvaluateV2 = \"v2\" :> \"evaluate\" :> ReqBody '[JSON] EvalRequest :> Post '[JSON] EvalResponse")
        s.edit("src/Quince/Evaluate.hs", "evaluateWith :: Ctx -> Flag -> [Rule] -> Evaluation", "evaluateWith :: Ctx -> Flag -> [Rule] -> Evaluation\n\n"
               "explainWith :: Ctx -> Flag -> [Rule] -> (Evaluation, Maybe RuleId)\nexplainWith ctx f rs = case filter (matches ctx) rs of\n  (r:_) -> (evaluateWith ctx f rs, Just (ruleId r))\n  []    -> error \"no rule matched\"")
        s.say("`explainWith`를 추가했습니다. 매칭되는 규칙이 없으면 `error`로 처리했습니다.")
        s.user("여기선 error나 예외 던지지 말아 주세요. 실패할 수 있는 건 항상 Either나 Maybe로 명시적으로 반환하는 게 우리 규칙이에요. 매칭 없는 건 기본값이니까 Nothing이면 돼요.")
        s.edit("src/Quince/Evaluate.hs", "  []    -> error \"no rule matched\"", "  []    -> (evaluateWith ctx f rs, Nothing)  -- 기본값")
        s.grep("error \"|throwIO|throw ", "src/Quince/Evaluate.hs:12:  evaluateV1 = ... \nsrc/Quince/Legacy.hs:33:    Nothing -> error \"v1: unknown tenant\"")
        s.say("고쳤습니다. 참고로 `Legacy.hs`(v1 엔드포인트)에 `error \"v1: unknown tenant\"`가 하나 남아 있습니다. v1 전체가 v2와 중복 코드인데 정리할까요?")
        s.user("v1은 아직 고객 두 곳이 쓰고 있어서 지금은 못 지워요. 마이그레이션 끝나는 3월 이후에 v1 통째로 삭제하죠. TODO 남겨 주세요. 그때까진 그 error도 그냥 둬요.")
        s.edit("src/Quince/Legacy.hs", "module Quince.Legacy", "-- TODO(2027-03): v1 API 전체 삭제. 고객 2곳이 v2로 옮기면 제거 (error 호출 포함)\nmodule Quince.Legacy")
        s.bash("cabal test 2>&1 | tail -1", "1 of 1 test suites (1 of 1 test cases) passed.")
        s.say("`explain`은 매칭된 규칙 ID를 `Maybe`로 반환하고, `Legacy.hs` 맨 위에 3월 이후 v1 삭제 TODO를 남겼습니다. 테스트 통과.")

    @session("n48-fr-long-xml-to-java-config", "tallyho", "2026-11-13T08:00:00", ["session_summary", "preference"], ("decision", "tech_debt"))
    def _(s):
        s.user("Bonjour ! Aujourd'hui on migre le job `claimImportJob` de la config XML (le dernier qui reste) vers de la config Java, comme les autres. On y va ?")
        s.work([
            ("read", "src/main/resources/batch/claim-import-job.xml", "<batch:job id=\"claimImportJob\">\n  <batch:step id=\"loadFile\" next=\"validate\">\n    <batch:tasklet><batch:chunk reader=\"claimFileReader\" writer=\"stagingWriter\" commit-interval=\"1000\"/></batch:tasklet>\n  </batch:step>\n  <batch:step id=\"validate\" next=\"merge\">...</batch:step>\n  <batch:step id=\"merge\">...</batch:step>\n</batch:job>"),
            ("grep", "claim-import-job.xml|ImportResource", "src/main/java/com/tallyho/TallyhoApplication.java:14:@ImportResource(\"classpath:batch/claim-import-job.xml\")"),
            ("read", "src/main/resources/batch/claim-import-beans.xml", "<bean id=\"claimFileReader\" class=\"org.springframework.batch.item.file.FlatFileItemReader\" scope=\"step\">\n  <property name=\"resource\" value=\"file:#{jobParameters['input.file']}\"/>\n  <property name=\"linesToSkip\" value=\"1\"/>\n  ...\n</bean>"),
            ("write", "src/main/java/com/tallyho/claimimport/ClaimImportJobConfig.java", "@Configuration\n@RequiredArgsConstructor\npublic class ClaimImportJobConfig {\n    private final DataSource dataSource;\n\n    @Bean\n    Job claimImportJob(JobRepository repo, Step loadFile, Step validate, Step merge) {\n        return new JobBuilder(\"claimImportJob\", repo).start(loadFile).next(validate).next(merge).build();\n    }\n    ...\n}"),
        ])
        s.user("Ah, pas de Lombok chez nous, ni @RequiredArgsConstructor ni @Data. Constructeurs écrits à la main, et les records Java pour les DTO.")
        s.work([
            ("edit", "src/main/java/com/tallyho/claimimport/ClaimImportJobConfig.java", "@Configuration\n@RequiredArgsConstructor\npublic class ClaimImportJobConfig {\n    private final DataSource dataSource;",
             "@Configuration\npublic class ClaimImportJobConfig {\n    private final DataSource dataSource;\n\n    public ClaimImportJobConfig(DataSource dataSource) {\n        this.dataSource = dataSource;\n    }"),
            ("grep", "lombok", "src/main/java/com/tallyho/claimimport/ClaimLine.java:3:import lombok.Data;"),
            ("read", "src/main/java/com/tallyho/claimimport/ClaimLine.java", "import lombok.Data;\n\n@Data\npublic class ClaimLine {\n    private String claimNo;\n    private String policyNo;\n    private LocalDate lossDate;\n    private BigDecimal amount;\n}"),
            ("write", "src/main/java/com/tallyho/claimimport/ClaimLine.java", "public record ClaimLine(String claimNo, String policyNo, LocalDate lossDate, BigDecimal amount) {}"),
            ("bash", "grep -n lombok build.gradle.kts", "27:    compileOnly(\"org.projectlombok:lombok\")\n28:    annotationProcessor(\"org.projectlombok:lombok\")"),
            ("edit", "build.gradle.kts", "    compileOnly(\"org.projectlombok:lombok\")\n    annotationProcessor(\"org.projectlombok:lombok\")\n", ""),
            ("edit", "src/main/java/com/tallyho/claimimport/ClaimImportJobConfig.java", "    ...\n}", "    @Bean\n    @StepScope\n    FlatFileItemReader<ClaimLine> claimFileReader(@Value(\"#{jobParameters['input.file']}\") String file) {\n"
             "        return new FlatFileItemReaderBuilder<ClaimLine>().name(\"claimFileReader\").resource(new FileSystemResource(file))\n            .linesToSkip(1).delimited().delimiter(\";\").names(\"claimNo\", \"policyNo\", \"lossDate\", \"amount\")\n"
             "            .fieldSetMapper(fs -> new ClaimLine(fs.readString(0), fs.readString(1), fs.readDate(2, \"dd.MM.yyyy\").toInstant().atZone(ZoneOffset.UTC).toLocalDate(), fs.readBigDecimal(3)))\n            .build();\n    }\n    ...\n}"),
            ("edit", "src/main/java/com/tallyho/claimimport/ClaimImportJobConfig.java", "    ...\n}", "    @Bean\n    Step loadFile(JobRepository repo, PlatformTransactionManager tx, FlatFileItemReader<ClaimLine> claimFileReader, StagingWriter stagingWriter) {\n"
             "        return new StepBuilder(\"loadFile\", repo).<ClaimLine, ClaimLine>chunk(1000, tx).reader(claimFileReader).writer(stagingWriter).build();\n    }\n\n    @Bean\n    Step validate(...) { ... }\n\n    @Bean\n    Step merge(...) { ... }\n}"),
            ("edit", "src/main/java/com/tallyho/TallyhoApplication.java", "@ImportResource(\"classpath:batch/claim-import-job.xml\")\n", ""),
            ("bash", "git rm -q src/main/resources/batch/claim-import-job.xml src/main/resources/batch/claim-import-beans.xml && ls src/main/resources/batch/", ""),
            ("bash", "./gradlew compileJava 2>&1 | tail -4", "ClaimImportJobConfig.java:58: error: cannot find symbol\n            .fieldSetMapper(fs -> ...)\n  symbol: method getClaimNo()\n  location: class StagingWriter"),
            ("read", "src/main/java/com/tallyho/claimimport/StagingWriter.java", "params.addValue(\"claimNo\", line.getClaimNo());\nparams.addValue(\"policyNo\", line.getPolicyNo());"),
            ("edit", "src/main/java/com/tallyho/claimimport/StagingWriter.java", "params.addValue(\"claimNo\", line.getClaimNo());\nparams.addValue(\"policyNo\", line.getPolicyNo());", "params.addValue(\"claimNo\", line.claimNo());\nparams.addValue(\"policyNo\", line.policyNo());"),
            ("bash", "./gradlew compileJava 2>&1 | tail -1", "BUILD SUCCESSFUL in 9s"),
            ("bash", "./gradlew test --tests '*ClaimImport*' 2>&1 | tail -5", "ClaimImportJobIT > importsSampleFile() PASSED\nClaimImportJobIT > rejectsUnknownPolicy() PASSED\nClaimImportJobIT > restartSkipsCommittedChunks() PASSED\n\nBUILD SUCCESSFUL in 2m 3s"),
            ("bash", "./gradlew test 2>&1 | tail -2", "212 tests completed, 0 failed\nBUILD SUCCESSFUL in 6m 41s"),
            ("bash", "grep -rn 'lombok' src/ || echo 'plus de lombok'", "plus de lombok"),
            ("bash", "git status --short", " M build.gradle.kts\n M src/main/java/com/tallyho/TallyhoApplication.java\n M src/main/java/com/tallyho/claimimport/ClaimLine.java\n M src/main/java/com/tallyho/claimimport/StagingWriter.java\n D src/main/resources/batch/claim-import-beans.xml\n D src/main/resources/batch/claim-import-job.xml\n?? src/main/java/com/tallyho/claimimport/ClaimImportJobConfig.java"),
        ])
        s.say("Migration terminée : tout compile sans Lombok et les 212 tests passent, dont les 3 tests d'intégration de l'import.")
        s.user("Super. Tu peux me faire un récap pour la description de la MR ?")
        s.say(
            "Récap pour la MR :\n\n"
            "**Objectif** : migrer `claimImportJob`, dernier job en XML, vers la configuration Java.\n\n"
            "**Fait**\n- Nouveau `ClaimImportJobConfig` (steps `loadFile` → `validate` → `merge`, reader `@StepScope` sur `input.file`), "
            "comportement identique (chunk de 1000, en-tête ignoré, séparateur `;`).\n"
            "- Suppression de `claim-import-job.xml`, `claim-import-beans.xml` et du `@ImportResource`.\n"
            "- Plus de Lombok dans le projet : `ClaimLine` devient un record, constructeur écrit à la main dans la config, "
            "dépendance retirée de `build.gradle.kts`.\n\n"
            "**Vérifié** : `ClaimImportJobIT` (import, police inconnue, restart) et la suite complète (212 tests) passent.\n\n"
            "**Reste** : plus aucune config XML ; on pourra retirer `spring-batch-infrastructure` XML namespaces du classpath plus tard."
        )

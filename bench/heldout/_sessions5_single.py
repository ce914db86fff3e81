"""Fifth held-out set: short English sessions with one text category. See _make_triage5.py."""


def register(session):
    # -- decision
    @session("n13-decision-partitioned-step", "tallyho", "2026-10-12T08:05:00", ["decision"])
    def _(s):
        s.user("settlement step takes 3h now with 2.1M claims. need faster. ideas?")
        s.read("src/main/java/com/tallyho/settlement/SettlementJobConfig.java",
               "@Bean\nStep settleStep(JobRepository repo, PlatformTransactionManager tx) {\n"
               "    return new StepBuilder(\"settleStep\", repo)\n        .<Claim, Settlement>chunk(500, tx)\n"
               "        .reader(claimReader())   // JdbcCursorItemReader\n        .processor(settlementProcessor)\n"
               "        .writer(settlementWriter)\n        .build();\n}")
        s.say(
            "Two realistic options:\n\n"
            "1. **Multi-threaded step** (`.taskExecutor(...)` on this step): least code, but `JdbcCursorItemReader` "
            "is not thread-safe and the step loses restartability (the reader's state is meaningless with several "
            "threads). We'd have to switch to a paging reader and set `saveState(false)`.\n"
            "2. **Partitioned step**: a `Partitioner` splits claims into ranges (e.g. by `claim_id` range or by "
            "region), each partition runs the current step with its own reader on a thread pool. Restart works per "
            "partition. More config, but the step itself stays as it is.\n\n"
            "With 2.1M rows and a 3h run, either gets us well under an hour with 6-8 threads."
        )
        s.user("partitioning. restart is a must, ops restarts this job every other week. by claim_id range, regions are too uneven")
        s.write("src/main/java/com/tallyho/settlement/ClaimIdRangePartitioner.java",
                "public class ClaimIdRangePartitioner implements Partitioner {\n    private final JdbcTemplate jdbc;\n"
                "    ...\n    @Override\n    public Map<String, ExecutionContext> partition(int gridSize) {\n"
                "        long min = jdbc.queryForObject(\"select min(claim_id) from claim where status = 'APPROVED'\", Long.class);\n"
                "        long max = jdbc.queryForObject(\"select max(claim_id) from claim where status = 'APPROVED'\", Long.class);\n"
                "        long size = (max - min) / gridSize + 1;\n        ...\n    }\n}")
        s.edit("src/main/java/com/tallyho/settlement/SettlementJobConfig.java",
               "@Bean\nStep settleStep(JobRepository repo, PlatformTransactionManager tx) {",
               "@Bean\nStep settleManagerStep(JobRepository repo, Step settleStep, ClaimIdRangePartitioner partitioner) {\n"
               "    return new StepBuilder(\"settleManagerStep\", repo)\n        .partitioner(\"settleStep\", partitioner)\n"
               "        .step(settleStep)\n        .gridSize(8)\n        .taskExecutor(settlementExecutor())\n        .build();\n}\n\n"
               "@Bean\nStep settleStep(JobRepository repo, PlatformTransactionManager tx) {")
        s.bash("./gradlew test --tests '*Settlement*'", "> Task :test\n\nSettlementJobIT > partitionedRunSettlesAllClaims() PASSED\n"
               "SettlementJobIT > restartResumesFailedPartitionOnly() PASSED\n\nBUILD SUCCESSFUL in 1m 12s")
        s.say(
            "Done: the settlement step now runs partitioned by `claim_id` range (grid size 8, own executor), each "
            "partition with its own `JdbcCursorItemReader` bounded by `minId`/`maxId` from the step context. "
            "Restart re-runs only the failed partitions, and both integration tests pass."
        )

    @session("n14-decision-parquet-cache", "orchardline", "2026-10-12T10:30:00", ["decision"])
    def _(s):
        s.user(
            "Morning! So the app takes like 40s to start on Connect because it reads all the .rds extracts on "
            "startup 😩 I've been reading about this and I think we should move the cached extracts to parquet and "
            "read them lazily with arrow. Let's go with parquet + arrow::open_dataset, because then we only pull the "
            "columns and regions a tab actually needs, and the epi team can open the same files from Python. "
            "Can you do the switch in the targets pipeline and the app?"
        )
        s.grep("saveRDS|readRDS", "_targets.R:41:    saveRDS(cases_weekly, \"extracts/cases_weekly.rds\")\n"
               "_targets.R:48:    saveRDS(hosp_daily, \"extracts/hosp_daily.rds\")\nR/app_server.R:6:  cases <- readRDS(\"extracts/cases_weekly.rds\")\n"
               "R/app_server.R:7:  hosp <- readRDS(\"extracts/hosp_daily.rds\")")
        s.edit("_targets.R", '    saveRDS(cases_weekly, "extracts/cases_weekly.rds")',
               '    arrow::write_dataset(cases_weekly, "extracts/cases_weekly", partitioning = "region")')
        s.edit("_targets.R", '    saveRDS(hosp_daily, "extracts/hosp_daily.rds")',
               '    arrow::write_dataset(hosp_daily, "extracts/hosp_daily", partitioning = "region")')
        s.edit("R/app_server.R", '  cases <- readRDS("extracts/cases_weekly.rds")\n  hosp <- readRDS("extracts/hosp_daily.rds")',
               '  cases <- arrow::open_dataset("extracts/cases_weekly")\n  hosp <- arrow::open_dataset("extracts/hosp_daily")')
        s.bash("Rscript -e 'targets::tar_make()' && Rscript -e 'shinytest2::test_app()'",
               "✔ skipped target raw_cases\n▶ dispatched target cases_weekly\n● completed target cases_weekly [2.1 seconds]\n"
               "▶ dispatched target hosp_daily\n● completed target hosp_daily [1.4 seconds]\n✔ ended pipeline [6.3 seconds]\n"
               "══ Testing test-app.R ══\n[ FAIL 0 | WARN 0 | SKIP 0 | PASS 11 ]")
        s.say(
            "Switched the extracts to parquet: the targets pipeline writes `extracts/cases_weekly/` and "
            "`extracts/hosp_daily/` partitioned by region with `arrow::write_dataset`, and the server opens them with "
            "`arrow::open_dataset` so each tab collects only the columns and regions it filters on. Pipeline and all "
            "11 shinytest2 tests pass. Locally the app starts in about 3 s instead of 40."
        )

    @session("n15-decision-auth-middleware", "quince", "2026-10-13T14:00:00", ["decision"])
    def _(s):
        s.user("need api key auth on the admin routes. servant-auth or roll our own?")
        s.say(
            "For quince's case (one `X-Api-Key` header on `/admin/*`, no sessions or cookies):\n\n"
            "- **servant-auth**: typed auth combinators, JWT and cookie support built in. Solid, but it brings "
            "`jose` and a lot of machinery you'd not use.\n"
            "- **Hand-rolled**: a `AuthProtect \"api-key\"` with `servant-server`'s generalized auth, about 30 lines, "
            "checks the header against the keys table.\n\n"
            "Both are fine; servant-auth pays off if JWTs show up later."
        )
        s.user("roll our own. we wont do jwt here, the gateway does that")
        s.write("src/Quince/Auth.hs",
                "module Quince.Auth (apiKeyHandler) where\n\nimport Servant.Server.Experimental.Auth\n...\n"
                "apiKeyHandler :: Pool -> AuthHandler Request AdminKey\napiKeyHandler pool = mkAuthHandler $ \\req ->\n"
                "  case lookup \"X-Api-Key\" (requestHeaders req) of\n    Nothing -> throwError err401\n"
                "    Just k  -> maybe (throwError err403) pure =<< liftIO (lookupKey pool k)")
        s.bash("cabal test quince-test --test-options='-p Auth'", "Auth\n  missing header is 401: OK\n  unknown key is 403: OK\n  known key passes: OK\n\nAll 3 tests passed (0.04s)")
        s.say("Added `Quince.Auth` with a generalized-auth handler on `X-Api-Key` (401 without the header, 403 for an unknown key) and wired it to the admin API; the three auth tests pass.")

    # -- runbook
    @session("n16-runbook-mcumgr-upload-timeout", "pulsewren", "2026-10-14T09:10:00", ["runbook"])
    def _(s):
        s.user(
            "DFU over serial to the dev kit fails again: `mcumgr image upload` hangs at ~12% then "
            "`Error: NMP timeout`. Second time this week. Can you figure out what's going on, and then write "
            "the steps down in docs/troubleshooting.md so the next person doesn't lose a morning on it?"
        )
        s.bash("mcumgr --conntype serial --connstring 'dev=/dev/ttyACM0,baud=115200' image list",
               "Images:\n image=0 slot=0\n    version: 1.4.0\n    bootable: true\n    flags: active confirmed\n"
               " image=0 slot=1\n    version: 1.4.1-rc2\n    bootable: true\n    flags: pending\n")
        s.say("Slot 1 still holds a *pending* image from an earlier upload. Checking the SMP buffer config next.")
        s.grep("CONFIG_MCUMGR_TRANSPORT|CONFIG_UART_MCUMGR", "prj.conf:51:CONFIG_MCUMGR_TRANSPORT_UART=y\nprj.conf:52:CONFIG_UART_MCUMGR_RX_BUF_COUNT=2")
        s.bash("mcumgr --conntype serial --connstring 'dev=/dev/ttyACM0,baud=115200' image erase && "
               "mcumgr --conntype serial --connstring 'dev=/dev/ttyACM0,baud=115200,mtu=256' image upload build/zephyr/app_update.bin",
               "Done\n 412.38 KiB / 412.38 KiB [=====================================] 100.00% 9.81 KiB/s 42s\nDone")
        s.write("docs/troubleshooting.md",
                "## DFU over serial stops with `NMP timeout`\n\n**Symptom**: `mcumgr image upload` hangs around 10-15 % "
                "and fails with `Error: NMP timeout`.\n\n**Cause**: slot 1 still holds a pending image from an earlier "
                "upload, so the device erases the slot during the upload and stops answering; the default MTU makes it worse "
                "with only 2 UART RX buffers.\n\n**Fix**:\n1. `mcumgr ... image list`: if slot 1 is `pending`, run "
                "`mcumgr ... image erase`.\n2. Upload with `mtu=256` in the connstring.\n\n**Verify**: upload reaches 100 %, "
                "then `image list` shows the new version in slot 1; `image test <hash>` and reset.")
        s.say(
            "Found it: slot 1 held a pending 1.4.1-rc2 image, so the device was erasing the slot mid-upload and the "
            "UART transport (2 RX buffers) timed out. `image erase` then an upload with `mtu=256` went through "
            "(100 %, 42 s). Wrote the symptom, cause, fix and how to verify in `docs/troubleshooting.md`."
        )

    @session("n17-runbook-connect-sf-gdal", "orchardline", "2026-10-14T16:00:00", ["runbook"])
    def _(s):
        s.user(
            "deploy to connect failed, something with sf 😭 log:\n```\nconfiguration failed for package 'sf'\n"
            "checking GDAL version >= 2.0.1... no\nconfigure: error: sf is not compatible with GDAL versions below 2.0.1\n```"
        )
        s.read("renv.lock", '{\n  "R": {"Version": "4.4.1", "Repositories": [{"Name": "CRAN", "URL": "https://cloud.r-project.org"}]},\n  "Packages": {\n    "sf": {"Package": "sf", "Version": "1.0-16", "Source": "Repository", "Repository": "CRAN"}\n  }\n}')
        s.say(
            "Connect is building `sf` from source because the lockfile points at plain CRAN, which only has source "
            "packages for Linux, and the server's system GDAL is older than sf needs. Pointing the repository at "
            "Posit Package Manager's binary URL for the server's distro makes Connect install the prebuilt binary instead."
        )
        s.edit("renv.lock", '"URL": "https://cloud.r-project.org"', '"URL": "https://packagemanager.posit.co/cran/__linux__/jammy/latest"')
        s.bash("rsconnect::deployApp() # via Rscript", "Building R package: sf (1.0-16) ... installing binary\n"
               "Completed packrat build against R version: '4.4.1'\nLaunching document.\nApplication successfully deployed to https://connect.agency.internal/orchardline/")
        s.say("Redeployed fine: with the repository set to Posit Package Manager's jammy binaries, Connect installed the `sf` binary instead of compiling against the old GDAL, and the app is live again.")

    @session("n18-runbook-nix-hash-mismatch", "quince", "2026-10-15T11:20:00", ["runbook"])
    def _(s):
        s.user("nix build broke after i bumped hasql-pool in the flake input. error: hash mismatch in fixed-output derivation. fix + put the steps in docs/ops/nix.md, wei hit this last month too")
        s.bash("nix build .#quince 2>&1 | tail -5", "error: hash mismatch in fixed-output derivation '/nix/store/9x2…-hasql-pool-1.2.0.1.tar.gz.drv':\n"
               "         specified: sha256-Kc3rL0m1…\n            got:    sha256-8qkVv4tR…", error=True)
        s.grep("hasql-pool", "nix/overrides.nix:14:  hasql-pool = self.callHackageDirect { pkg = \"hasql-pool\"; ver = \"1.2.0.1\"; sha256 = \"sha256-Kc3rL0m1…\"; } {};")
        s.edit("nix/overrides.nix", 'sha256 = "sha256-Kc3rL0m1…"', 'sha256 = "sha256-8qkVv4tR…"')
        s.bash("nix build .#quince && ./result/bin/quince --version", "quince 0.14.2")
        s.write("docs/ops/nix.md", "## `hash mismatch in fixed-output derivation` after a version bump\n\n"
                "`nix/overrides.nix` pins Hackage packages with `callHackageDirect` and a sha256. Bumping `ver` without the "
                "hash gives this error.\n\n1. Run `nix build .#quince`; copy the `got:` hash.\n2. Put it in the package's "
                "`sha256` in `nix/overrides.nix`.\n3. `nix build .#quince && ./result/bin/quince --version` to check.")
        s.say("Fixed: the `callHackageDirect` override for `hasql-pool` still had the old sha256; updated it to the hash nix reported, the build works (`quince 0.14.2`). Steps are in `docs/ops/nix.md`.")

    # -- constraint
    @session("n19-constraint-app-core-ram", "pulsewren", "2026-10-16T08:40:00", ["constraint"], ("decision",))
    def _(s):
        s.user(
            "I'd like to add a 30 s ring buffer of raw ECG samples for the arrhythmia detector. Before you size "
            "it: the app core has 512 KB of RAM, but the hardware team has reserved 192 KB of it for the shared "
            "memory with the network core and the crash-log region, and the linker script enforces that. So the "
            "application gets 320 KB, full stop, and we're already at about 250."
        )
        s.bash("west build -b nrf5340dk/nrf5340/cpuapp -t rom_report >/dev/null; grep -A3 'Memory region' build/build.log",
               "Memory region         Used Size  Region Size  %age Used\n           FLASH:      402160 B       896 KB     43.83%\n"
               "             RAM:      256312 B       320 KB     78.22%")
        s.say(
            "Right now RAM use is 256 KB of the 320 KB region. 30 s at 250 Hz, 2 leads, 16-bit = 30 000 B; at 500 Hz "
            "it would be 60 000 B, which leaves only ~4 KB headroom. I'll size it for 250 Hz and put it in its own "
            "section so the linker report shows it."
        )
        s.edit("src/dsp/ringbuf.c", "/* TODO ring buffer */",
               "#define ECG_RING_SAMPLES (30 * 250 * 2)\nstatic int16_t ecg_ring[ECG_RING_SAMPLES] __attribute__((section(\".noinit.ecg\")));")
        s.bash("west build -b nrf5340dk/nrf5340/cpuapp 2>&1 | grep -A3 'Memory region'",
               "Memory region         Used Size  Region Size  %age Used\n           FLASH:      402804 B       896 KB     43.90%\n"
               "             RAM:      286312 B       320 KB     87.38%")
        s.say("Added the 30 s ring buffer at 250 Hz × 2 leads (30 000 B). RAM is now at 286 KB of the 320 KB the application may use (87 %).")

    @session("n20-constraint-db-sessions", "tallyho", "2026-10-16T13:15:00", ["constraint"], ("decision",))
    def _(s):
        s.user("gridSize 8 and pool 8 now. can we go 16 partitions for the reserve job too?")
        s.read("src/main/resources/application-prod.yml", "spring:\n  datasource:\n    hikari:\n      maximum-pool-size: 10\n")
        s.say(
            "Technically yes: 16 partitions need 16 connections for the readers plus a few for the job repository, "
            "so `maximum-pool-size` would go to about 20."
        )
        s.user("no wait. we have max 10 sessions on the oracle from the hosting, DBA team enforces it with a profile, above that login is refused. so nothing above 10 total, and the settlement job runs at same time")
        s.grep("maximum-pool-size|gridSize", "src/main/resources/application-prod.yml:5:      maximum-pool-size: 10\n"
               "src/main/java/com/tallyho/settlement/SettlementJobConfig.java:31:        .gridSize(8)\n"
               "src/main/java/com/tallyho/reserve/ReserveJobConfig.java:27:        .gridSize(4)")
        s.say(
            "Then 16 is out, and the current setup is already tight: settlement (8 partitions) and reserve "
            "(4 partitions) together want 12 reader connections plus the job repository's, against 10 sessions. "
            "They only work today because they rarely overlap. Keep reserve at 4, or lower settlement to 5 if they "
            "must run at the same time."
        )

    @session("n21-constraint-small-number-suppression", "orchardline", "2026-10-17T09:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user(
            "ok new table for the public dashboard: cases by age band and district. oh and important, the "
            "agency's disclosure rules: any cell with a count between 1 and 4 can't be published, it has to show "
            "as '<5'. and the totals can't let you back out a suppressed cell either. that's policy, not negotiable"
        )
        s.read("R/mod_public_tables.R", "mod_public_tables_server <- function(id, cases) {\n  moduleServer(id, function(input, output, session) {\n    output$by_district <- renderTable(district_table(cases()))\n  })\n}")
        s.write("R/suppress.R", "#' Apply the agency's small-number suppression: counts 1-4 become \"<5\"; if a row has exactly one\n"
                "#' suppressed cell, the next smallest cell is suppressed too so the total cannot reveal it.\n"
                "suppress_small <- function(tbl, cols) {\n  ...\n}")
        s.edit("R/mod_public_tables.R", "    output$by_district <- renderTable(district_table(cases()))",
               "    output$by_district <- renderTable(district_table(cases()))\n    output$by_age_district <- renderTable(\n"
               "      suppress_small(age_district_table(cases()), cols = age_bands)\n    )")
        s.bash("Rscript -e 'testthat::test_file(\"tests/testthat/test-suppress.R\")'", "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 7 ]")
        s.say("Added the age band × district table with `suppress_small()`: counts 1-4 show as `<5`, and a row with a single suppressed cell gets a second one so the total can't reveal it. 7 tests pass.")

    # -- tech_debt
    @session("n22-techdebt-flag-n-plus-one", "quince", "2026-10-19T10:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("evaluate endpoint p99 went 40ms -> 180ms with big tenants. why")
        s.read("src/Quince/Evaluate.hs", "evaluateAll :: Pool -> TenantId -> [FlagKey] -> IO [Evaluation]\n"
               "evaluateAll pool t keys = forM keys $ \\k -> do\n  flag  <- runSession pool (getFlag t k)\n"
               "  rules <- runSession pool (getRules t k)\n  pure (evaluate flag rules)")
        s.say(
            "`evaluateAll` does two queries per flag key: 2N round trips. Big tenants send ~200 keys, so ~400 "
            "queries per request. The fix is one query for all flags and one for all rules (`= ANY($2)`), grouped "
            "in Haskell. It touches the `Statement`s and their encoders and the cache invalidation."
        )
        s.user("yeah thats the fix. not now though, the schema migration lands next week and it rewrites those statements anyway. leave a note in the code")
        s.edit("src/Quince/Evaluate.hs", "evaluateAll pool t keys = forM keys $ \\k -> do",
               "-- TODO(perf): N+1 -- two queries per key (p99 180ms for ~200 keys). Replace with one batched\n"
               "-- getFlags/getRules using = ANY($2) after the v15 schema migration rewrites these statements.\n"
               "evaluateAll pool t keys = forM keys $ \\k -> do")
        s.say("Left a TODO on `evaluateAll` describing the N+1, its cost and the batched fix, to do after the v15 migration.")

    @session("n23-techdebt-hardcoded-eur", "tallyho", "2026-10-19T14:30:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("why does SettlementProcessor have Currency.getInstance(\"EUR\") hardcoded, found it reviewing")
        s.grep("getInstance\\(\"EUR\"\\)", "src/main/java/com/tallyho/settlement/SettlementProcessor.java:58:        var currency = Currency.getInstance(\"EUR\");\n"
               "src/main/java/com/tallyho/reserve/ReserveCalculator.java:33:    private static final Currency EUR = Currency.getInstance(\"EUR\");")
        s.bash("git log -L58,58:src/main/java/com/tallyho/settlement/SettlementProcessor.java --oneline | head -3",
               "a41c2e9 first version of settlement processor\n")
        s.say(
            "It's been there since the first version of the processor, and `ReserveCalculator` does the same. Claims "
            "carry a `currency` column, but both classes ignore it and assume EUR. Correct today since every policy "
            "is in EUR; it will be wrong for the first non-EUR claim."
        )
        s.user("swiss branch comes next year, CHF. ok not worth now, but its debt. open it in docs/tech-debt.md so we dont forget before CHF")
        s.edit("docs/tech-debt.md", "# Tech debt\n", "# Tech debt\n\n## Currency hardcoded to EUR\n"
               "`SettlementProcessor` (line 58) and `ReserveCalculator` ignore `claim.currency` and use EUR. Fine while all "
               "policies are EUR; must be fixed before the Swiss branch (CHF) goes live next year. Fix: read the currency "
               "from the claim, round with the currency's fraction digits.\n")
        s.say("Added the entry to `docs/tech-debt.md`: both places, why it's fine for now, and that it must be done before CHF arrives.")

    @session("n24-techdebt-adc-calibration", "pulsewren", "2026-10-20T10:45:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("The ADC gain calibration constants are #defined per board revision in adc.c. Rev C boards show 2% gain error on the bench. Can you update them?")
        s.read("src/hw/adc.c", "#if BOARD_REV == 'B'\n#define ADC_GAIN_CORR 1.012f\n#else /* rev C */\n#define ADC_GAIN_CORR 1.004f\n#endif")
        s.edit("src/hw/adc.c", "#define ADC_GAIN_CORR 1.004f", "#define ADC_GAIN_CORR 1.024f")
        s.bash("west twister -T tests/hw/adc -p native_sim", "INFO    - 6 of 6 executed test configurations passed (100.00%)")
        s.say(
            "Updated the rev C gain correction to 1.024 and the ADC tests pass. Worth noting: per-board constants "
            "in the source mean every batch variation needs a new firmware; reading a factory calibration value from "
            "the UICR / a settings entry would avoid that."
        )
        s.user("Yes, we know, that's the proper fix. It needs a change to the production test station though, so not for this release. Rev D is the deadline, I'd say. Can you put it in the issue tracker file?")
        s.edit("docs/known-issues.md", "# Known issues\n", "# Known issues\n\n- **ADC calibration is compiled in per board revision** "
               "(`src/hw/adc.c`). Each batch variation needs a firmware change. Proper fix: read a per-unit factory value "
               "from UICR, written by the production test station. Deferred: needs a test-station change; must be done "
               "before rev D.\n")
        s.say("Added to `docs/known-issues.md`: compiled-in per-revision calibration, the proper fix via a factory value in UICR, and the rev D deadline.")

    # -- preference
    @session("n25-preference-native-pipe", "orchardline", "2026-10-21T11:10:00", ["preference"])
    def _(s):
        s.user("can you add a helper that gives weekly incidence per 100k for a region? there's population in `pop_by_region`")
        s.write("R/incidence.R", "weekly_incidence <- function(cases, pop) {\n  cases %>%\n    dplyr::count(region, iso_week) %>%\n"
                "    dplyr::left_join(pop, by = \"region\") %>%\n    dplyr::mutate(per_100k = n / population * 1e5)\n}")
        s.say("Added `weekly_incidence()` in `R/incidence.R`.")
        s.user("ah we don't use %>% in this codebase, only the native |> pipe. we dropped magrittr last year, it's not even in DESCRIPTION anymore")
        s.edit("R/incidence.R", "  cases %>%\n    dplyr::count(region, iso_week) %>%\n    dplyr::left_join(pop, by = \"region\") %>%",
               "  cases |>\n    dplyr::count(region, iso_week) |>\n    dplyr::left_join(pop, by = \"region\") |>")
        s.grep("%>%", "R/legacy_export.R:12:  out %>% readr::write_csv(path)")
        s.say("Switched to `|>`. One `%>%` is left in `R/legacy_export.R`; since magrittr isn't in DESCRIPTION it only works because dplyr re-exports it. Want me to change that one too?")
        s.user("yes pls")
        s.edit("R/legacy_export.R", "  out %>% readr::write_csv(path)", "  out |> readr::write_csv(path)")
        s.say("Done, no `%>%` left in `R/`.")

    @session("n26-preference-qualified-imports", "quince", "2026-10-21T15:40:00", ["preference"])
    def _(s):
        s.user("add a function that merges tenant overrides into the default flag map")
        s.write("src/Quince/Overrides.hs", "module Quince.Overrides (applyOverrides) where\n\nimport Data.Map\n\n"
                "applyOverrides :: Map FlagKey Flag -> Map FlagKey Flag -> Map FlagKey Flag\napplyOverrides defaults overrides = union overrides defaults")
        s.say("Added `applyOverrides` (left-biased `union`, so overrides win).")
        s.user("no open import of Data.Map. always `import qualified Data.Map.Strict as Map`, same for Set/Text. Strict, not lazy")
        s.edit("src/Quince/Overrides.hs", "import Data.Map\n\napplyOverrides :: Map FlagKey Flag -> Map FlagKey Flag -> Map FlagKey Flag\napplyOverrides defaults overrides = union overrides defaults",
               "import Data.Map.Strict (Map)\nimport qualified Data.Map.Strict as Map\n\napplyOverrides :: Map FlagKey Flag -> Map FlagKey Flag -> Map FlagKey Flag\napplyOverrides defaults overrides = Map.union overrides defaults")
        s.bash("cabal build quince 2>&1 | tail -2", "[14 of 31] Compiling Quince.Overrides\nLinking ...")
        s.say("Now `Data.Map.Strict` imported qualified as `Map` (type imported unqualified), builds.")

    @session("n27-preference-constructor-injection", "tallyho", "2026-10-22T09:25:00", ["preference"])
    def _(s):
        s.user("new ItemWriter that writes settlement rows to the audit table, jdbc batch")
        s.write("src/main/java/com/tallyho/audit/AuditWriter.java",
                "@Component\npublic class AuditWriter implements ItemWriter<Settlement> {\n    @Autowired\n    private NamedParameterJdbcTemplate jdbc;\n\n"
                "    @Override\n    public void write(Chunk<? extends Settlement> chunk) {\n        jdbc.batchUpdate(INSERT, SqlParameterSourceUtils.createBatch(chunk.getItems()));\n    }\n}")
        s.say("Added `AuditWriter` using a batch insert per chunk.")
        s.user("no @Autowired fields. we do constructor injection always, final fields. its in every class here")
        s.edit("src/main/java/com/tallyho/audit/AuditWriter.java", "    @Autowired\n    private NamedParameterJdbcTemplate jdbc;",
               "    private final NamedParameterJdbcTemplate jdbc;\n\n    public AuditWriter(NamedParameterJdbcTemplate jdbc) {\n        this.jdbc = jdbc;\n    }")
        s.bash("./gradlew compileJava -q", "")
        s.say("Changed to constructor injection with a `final` field; compiles.")

"""Fifth held-out set: English sessions with two or three categories (two of them long). See _make_triage5.py."""


def register(session):
    @session("n29-decision-constraint-quarto-typst", "orchardline", "2026-10-26T10:00:00", ["decision", "constraint"])
    def _(s):
        s.user(
            "The epi team wants a 'download as PDF' button for the weekly report. What are our options? "
            "Keep in mind the Connect box is air-gapped and IT will not install TeX on it, they said no twice "
            "already, so anything needing a LaTeX install is dead on arrival."
        )
        s.bash("ssh connect-admin 'quarto --version; which pdflatex xelatex || echo none'", "1.5.57\nnone")
        s.say(
            "Given no TeX on the server (confirmed: no `pdflatex`/`xelatex`, Quarto 1.5.57 is installed):\n\n"
            "1. **rmarkdown + tinytex**: needs a TeX distribution: out.\n"
            "2. **pagedown::chrome_print**: HTML to PDF through headless Chrome; needs Chrome on the server, which "
            "isn't there either.\n"
            "3. **Quarto with the Typst engine** (`format: typst`): Typst is bundled inside Quarto 1.4+, a single "
            "binary, no TeX and no network. Layout control is good, table styling is a bit more limited than LaTeX.\n\n"
            "Option 3 is the only one that runs on the box as it is."
        )
        s.user("Typst then, makes sense. Let's do it with a quarto template in inst/report")
        s.write("inst/report/weekly.qmd", "---\ntitle: \"Weekly respiratory surveillance\"\nformat: typst\nparams:\n  week: NULL\n  region: NULL\n---\n\n```{r}\n#| echo: false\nlibrary(orchardline)\n...\n```")
        s.edit("R/mod_report.R", "  # TODO pdf", "  output$pdf <- downloadHandler(\n    filename = function() paste0(\"weekly-\", input$week, \".pdf\"),\n"
               "    content = function(file) {\n      quarto::quarto_render(app_sys(\"report/weekly.qmd\"), output_file = basename(file),\n"
               "                            execute_params = list(week = input$week, region = input$region))\n      file.copy(basename(file), file)\n    })")
        s.bash("Rscript -e 'quarto::quarto_render(\"inst/report/weekly.qmd\", execute_params = list(week = \"2026-W42\", region = \"North\"))'",
               "processing file: weekly.qmd\noutput file: weekly.typ\nwriting output file weekly.pdf\nOutput created: weekly.pdf")
        s.say("The PDF button now renders `inst/report/weekly.qmd` with Quarto's Typst format (no TeX needed); a test render for 2026-W42 / North produced `weekly.pdf`.")

    @session("n30-runbook-techdebt-stuck-started", "tallyho", "2026-10-26T06:55:00", ["runbook", "tech_debt"], ("decision",))
    def _(s):
        s.user("urgent. nightly settlement didnt run, log: JobExecutionAlreadyRunningException: A job execution for this job is already running. but nothing runs! pod was OOMKilled at 01:40 yesterday")
        s.bash("oc logs job/settlement-nightly-28811520 --tail=5", "ERROR o.s.b.c.l.s.SimpleJobLauncher - org.springframework.batch.core.repository.JobExecutionAlreadyRunningException: "
               "A job execution for this job is already running: JobExecution: id=4412, version=1, startTime=2026-10-25T01:02:11, status=STARTED")
        s.bash("sqlplus -s batch_ro@TALLYP <<< \"select job_execution_id, status, end_time from batch_job_execution where job_execution_id = 4412;\"",
               "JOB_EXECUTION_ID STATUS     END_TIME\n---------------- ---------- --------\n            4412 STARTED")
        s.say(
            "Execution 4412 is still `STARTED` in the job repository: the pod was OOM-killed, so Spring Batch never "
            "got to write `FAILED`. Every new launch with the same parameters sees a running execution and refuses. "
            "Fix: mark 4412 (and its step executions) as FAILED with an end time; then a restart resumes it."
        )
        s.user("do it")
        s.bash("sqlplus -s batch_rw@TALLYP <<'SQL'\nupdate batch_step_execution set status='FAILED', exit_code='FAILED', end_time=systimestamp where job_execution_id=4412 and status='STARTED';\n"
               "update batch_job_execution set status='FAILED', exit_code='FAILED', end_time=systimestamp where job_execution_id=4412;\ncommit;\nSQL",
               "3 rows updated.\n\n1 row updated.\n\nCommit complete.")
        s.bash("oc create job settlement-restart-1026 --from=cronjob/settlement-nightly", "job.batch/settlement-restart-1026 created")
        s.bash("oc logs -f job/settlement-restart-1026 | grep -E 'Job:|Step:' | tail -3",
               "Executing step: [settleManagerStep]\nStep: [settleManagerStep] executed in 47m12s\nJob: [SimpleJob: [name=settlementJob]] completed with the following parameters: [{run.date=2026-10-25}] and the following status: [COMPLETED]")
        s.say("Restart ran as execution 4412's continuation and finished `COMPLETED` in 47 min; the 25 Oct settlement is done.")
        s.user("good. real fix = listener at startup that fails orphaned STARTED executions automatically. but not this sprint, we are in release freeze. write in tech-debt.md, and also the manual steps for ops")
        s.edit("docs/tech-debt.md", "# Tech debt\n", "# Tech debt\n\n## Orphaned STARTED executions after a pod kill\nAn OOM-killed or evicted pod leaves its job execution `STARTED`; the next launch fails with "
               "`JobExecutionAlreadyRunningException`. Planned fix: an `ApplicationRunner` that marks executions `STARTED` by a dead pod "
               "as `FAILED` at startup. Deferred (release freeze); manual procedure in docs/ops/runbook.md.\n")
        s.write("docs/ops/runbook.md", "## Job refuses to start: JobExecutionAlreadyRunningException\n\n1. Find the execution: `select job_execution_id, status from batch_job_execution where status='STARTED'`.\n"
                "2. Check no pod is actually running it (`oc get pods -l job-name`).\n3. Mark it and its steps FAILED with `end_time=systimestamp`, commit.\n"
                "4. `oc create job <name> --from=cronjob/settlement-nightly`; the run restarts from the failed partitions.\n5. Verify the log ends with `status: [COMPLETED]`.")
        s.say("Added the deferred startup listener to `docs/tech-debt.md` and the manual steps (find, check, mark FAILED, restart, verify) to `docs/ops/runbook.md`.")

    @session("n31-decision-preference-aeson-generic", "quince", "2026-10-27T13:00:00", ["decision", "preference"])
    def _(s):
        s.user("the hand written ToJSON/FromJSON for the 14 api types are getting annoying. generic or TH?")
        s.grep("instance ToJSON|instance FromJSON", "src/Quince/Types.hs:40:instance ToJSON Flag where\nsrc/Quince/Types.hs:61:instance FromJSON Flag where\n... (28 matches)")
        s.say(
            "Two ways to derive them:\n\n- **Generic** (`deriving (Generic)` + `genericToJSON opts`): no TH, compile "
            "times fine for 14 types, one shared `Options` value.\n- **TH** (`deriveJSON opts ''Flag`): slightly faster "
            "encoders and compile, but TH splices order the module and slow down HLS.\n\nBoth can reproduce the current "
            "field names with `fieldLabelModifier` (drop the prefix, camelCase)."
        )
        s.user("generic, with one shared options in Quince.Json. no TH in this repo if we can avoid it")
        s.write("src/Quince/Json.hs", "module Quince.Json (apiOptions) where\n\nimport Data.Aeson\n\napiOptions :: Options\napiOptions = defaultOptions { fieldLabelModifier = dropPrefix, omitNothingFields = True }")
        s.edit("src/Quince/Types.hs", "data Flag = Flag\n  { flagKey :: FlagKey\n  , flagEnabled :: Bool\n  } deriving (Show, Eq, Generic)",
               "data Flag = Flag\n  { flagKey :: FlagKey\n  , flagEnabled :: Bool\n  } deriving (Show, Eq, Generic)\n\ninstance ToJSON Flag where toJSON = genericToJSON apiOptions")
        s.bash("cabal build quince 2>&1 | grep -A3 warning | head", "src/Quince/Types.hs:24:5: warning: [GHC-42258] [-Wmissing-deriving-strategies]\n    No deriving strategy specified. Did you want stock, newtype, or anyclass?")
        s.say("The build warns about missing deriving strategies. Should I turn that warning off for `Types.hs`?")
        s.user("no, we keep -Wmissing-deriving-strategies on. always write `deriving stock (Show, Eq, Generic)` and `deriving anyclass` explicitly, every type")
        s.edit("src/Quince/Types.hs", "  } deriving (Show, Eq, Generic)", "  }\n  deriving stock (Show, Eq, Generic)")
        s.bash("cabal build quince 2>&1 | grep -c warning; cabal test 2>&1 | tail -1", "0\n1 of 1 test suites (1 of 1 test cases) passed.")
        s.say("All 14 types now derive `Generic` with explicit `deriving stock` and use `genericToJSON`/`genericParseJSON apiOptions`; no warnings, golden JSON tests pass (same field names as before).")

    @session("n32-long-watchdog-ble-workqueue", "pulsewren", "2026-10-28T08:30:00", ["session_summary", "decision", "runbook"], ("constraint",))
    def _(s):
        s.user(
            "We have a field report: two patches rebooted during a BLE sync, reset reason WATCHDOG. I can "
            "reproduce it on the bench about one in ten syncs with a big backlog. Can you dig in? The coredump "
            "from the bench unit is in `logs/coredump-0412.txt`."
        )
        s.work([
            ("read", "logs/coredump-0412.txt", "E: ***** WATCHDOG RESET *****\nE: Current thread: sysworkq (0x20003a10)\n"
             "E: Faulting instruction address: 0x0003f2c8\n#0 flash_area_write ()\n#1 ecg_log_flush (src/storage/ecg_log.c:211)\n#2 work_handler ()"),
            ("bash", "arm-zephyr-eabi-addr2line -e build/zephyr/zephyr.elf 0x0003f2c8", "/home/grace/zephyr-ws/zephyr/drivers/flash/soc_flash_nrf.c:312"),
            ("read", "src/storage/ecg_log.c", "static void flush_work_fn(struct k_work *w)\n{\n    ecg_log_flush();   /* erase + write up to 64 KB */\n}\nK_WORK_DEFINE(flush_work, flush_work_fn);\n...\nk_work_submit(&flush_work);"),
            ("grep", "k_work_submit\\(|k_work_schedule\\(", "src/storage/ecg_log.c:240:    k_work_submit(&flush_work);\nsrc/ble/sync.c:118:    k_work_submit(&notify_work);\nsrc/app/wdt.c:44:    k_work_schedule(&wdt_feed_work, K_MSEC(500));"),
            ("read", "src/app/wdt.c", "/* feed every 500 ms, timeout 2000 ms */\nstatic void wdt_feed_fn(struct k_work *w)\n{\n    wdt_feed(wdt, chan);\n    k_work_schedule(&wdt_feed_work, K_MSEC(500));\n}"),
        ])
        s.say(
            "Found the chain: the watchdog is fed from the *system* workqueue, and `ecg_log_flush()` also runs on the "
            "system workqueue. During a sync with a big backlog the flush erases several 4 KB pages (~85 ms each on the "
            "nRF5340) and writes up to 64 KB, which blocks the queue for more than the 2 s watchdog timeout, so the "
            "feed work never runs. Measuring the flush time to confirm."
        )
        s.work([
            ("edit", "src/storage/ecg_log.c", "    ecg_log_flush();   /* erase + write up to 64 KB */", "    uint32_t t0 = k_uptime_get_32();\n    ecg_log_flush();   /* erase + write up to 64 KB */\n    LOG_INF(\"flush took %u ms\", k_uptime_get_32() - t0);"),
            ("bash", "west build -b nrf5340dk/nrf5340/cpuapp && west flash", "[412/412] Linking C executable zephyr/zephyr.elf\n-- runners.nrfjprog: Board with serial number 1050123456 flashed successfully."),
            ("bash", "python3 tools/bench_sync.py --backlog 14400 --runs 10", "run 1: ok   flush took 612 ms\nrun 2: ok   flush took 1480 ms\nrun 3: RESET (WATCHDOG) after flush start\nrun 4: ok   flush took 2110 ms\n...\n1/10 resets"),
        ])
        s.say(
            "Confirmed: flush times range from 0.6 to 2.1 s, and the run that reset started a flush over the 2 s "
            "timeout. Two ways to fix it:\n\n1. Move the flush to its **own workqueue thread** (lower priority than "
            "the system queue), so the feed keeps running.\n2. Keep it on the system queue but **split the flush** into "
            "4 KB chunks that resubmit themselves.\n3. (Not recommended) raise the watchdog timeout.\n\nOption 1 is the "
            "smaller change; option 2 also helps BLE latency but touches the log format's write path."
        )
        s.user(
            "Let's go with the dedicated workqueue, because the flush is going to grow when we add the second lead, and chunking it "
            "would only be postponing the problem. Raising the timeout is not an option anyway, the risk analysis fixes it at 2 s. "
            "Priority below BLE, please."
        )
        s.work([
            ("grep", "CONFIG_BT_RX_PRIO|CONFIG_SYSTEM_WORKQUEUE_PRIORITY", "prj.conf:33:CONFIG_SYSTEM_WORKQUEUE_PRIORITY=-1\nboards/pulsewren.conf:12:CONFIG_BT_RX_PRIO=8"),
            ("edit", "src/storage/ecg_log.c", "K_WORK_DEFINE(flush_work, flush_work_fn);", "K_WORK_DEFINE(flush_work, flush_work_fn);\nK_THREAD_STACK_DEFINE(storage_wq_stack, 2048);\nstatic struct k_work_q storage_wq;\n\nvoid ecg_log_init_wq(void)\n{\n    k_work_queue_start(&storage_wq, storage_wq_stack, K_THREAD_STACK_SIZEOF(storage_wq_stack), 10, NULL);\n    k_thread_name_set(&storage_wq.thread, \"storage_wq\");\n}"),
            ("edit", "src/storage/ecg_log.c", "    k_work_submit(&flush_work);", "    k_work_submit_to_queue(&storage_wq, &flush_work);"),
            ("edit", "src/main.c", "    ecg_log_init();", "    ecg_log_init();\n    ecg_log_init_wq();"),
            ("bash", "west build -b nrf5340dk/nrf5340/cpuapp 2>&1 | grep -A3 'Memory region'", "Memory region         Used Size  Region Size  %age Used\n           FLASH:      403212 B       896 KB     44.00%\n             RAM:      288416 B       320 KB     88.04%"),
            ("bash", "west flash", "-- runners.nrfjprog: Board with serial number 1050123456 flashed successfully."),
            ("bash", "python3 tools/bench_sync.py --backlog 14400 --runs 50", "...\nrun 50: ok   flush took 1930 ms\n0/50 resets, max flush 2240 ms, max wdt feed gap 512 ms"),
            ("bash", "west twister -T tests/storage -p native_sim", "INFO    - 9 of 9 executed test configurations passed (100.00%)"),
            ("read", "src/storage/ecg_log.c", "void ecg_log_close(void)\n{\n    k_work_flush(&flush_work, &sync);\n}"),
            ("bash", "west twister -T tests/storage -T tests/ble -p native_sim", "INFO    - 21 of 21 executed test configurations passed (100.00%)"),
            ("edit", "src/storage/ecg_log.c", "    LOG_INF(\"flush took %u ms\", k_uptime_get_32() - t0);", "    LOG_DBG(\"flush took %u ms\", k_uptime_get_32() - t0);"),
            ("bash", "west build -b nrf5340dk/nrf5340/cpuapp && west flash", "-- runners.nrfjprog: Board with serial number 1050123456 flashed successfully."),
            ("bash", "python3 tools/bench_sync.py --backlog 14400 --runs 20", "0/20 resets, max flush 2190 ms, max wdt feed gap 505 ms"),
            ("bash", "git diff --stat", " src/main.c            |  1 +\n src/storage/ecg_log.c | 14 +++++++++++---\n 2 files changed, 12 insertions(+), 3 deletions(-)"),
        ])
        s.say("Fixed and verified: 0 resets in 70 bench syncs with a 14 400-sample backlog; the watchdog feed gap stays at about 0.5 s even when a flush takes 2.2 s.")
        s.user("Great. Could you write a summary I can paste into the CAPA record?")
        s.say(
            "Summary for the CAPA record:\n\n"
            "**Problem**: watchdog resets during BLE sync with a large backlog (field: 2 units; bench: ~1 in 10 syncs).\n\n"
            "**Root cause**: `ecg_log_flush()` ran on the system workqueue, the same queue that feeds the watchdog. "
            "With a large backlog the flush (page erases + up to 64 KB writes) took up to 2.1 s, longer than the 2 s "
            "watchdog timeout, so the feed work was starved.\n\n"
            "**How it was found**: coredump showed `sysworkq` in `flash_area_write` from `ecg_log_flush`; timing the "
            "flush on the bench gave 0.6-2.1 s, the reset coincided with a flush over 2 s.\n\n"
            "**Fix**: the flush runs on a dedicated `storage_wq` workqueue (priority 10, below BLE, 2 KB stack). The "
            "watchdog timeout stays at 2 s as required by the risk analysis. RAM +2.1 KB (88 % of 320 KB).\n\n"
            "**Verification**: 70 bench syncs with a 14 400-sample backlog, 0 resets, max feed gap 512 ms; "
            "Twister storage and BLE suites pass (21/21).\n\n"
            "**Open**: the second ECG lead will make flushes longer; re-run the bench test when it lands."
        )

    @session("n33-constraint-preference-alarm-no-malloc", "pulsewren", "2026-10-29T09:15:00", ["constraint", "preference"], ("decision",))
    def _(s):
        s.user("Can you add a unit test suite for the alarm escalation logic in src/alarm/escalate.c?")
        s.read("src/alarm/escalate.c", "struct alarm_state *alarm_new(enum alarm_level lvl)\n{\n    struct alarm_state *a = k_malloc(sizeof(*a));\n    ...\n}")
        s.write("tests/alarm/src/main.c", "#include <zephyr/ztest.h>\n#include \"escalate.h\"\n\nstatic void test_escalates_after_timeout(void)\n{\n    ...\n}\n\n"
                "void test_main(void)\n{\n    ztest_test_suite(alarm, ztest_unit_test(test_escalates_after_timeout));\n    ztest_run_test_suite(alarm);\n}")
        s.say("Added a first test in `tests/alarm`. Side note: `alarm_new()` allocates with `k_malloc`.")
        s.user(
            "Two things. First, please use the new ztest API: ZTEST_SUITE and ZTEST, we don't write test_main in this "
            "repo anymore. Second, good catch on the k_malloc: the alarm module is software safety class C, and our "
            "62304 plan says no dynamic allocation anywhere in class C code. That one slipped through review. It has to "
            "be a static pool."
        )
        s.edit("tests/alarm/src/main.c", "static void test_escalates_after_timeout(void)\n{\n    ...\n}\n\nvoid test_main(void)\n{\n    ztest_test_suite(alarm, ztest_unit_test(test_escalates_after_timeout));\n    ztest_run_test_suite(alarm);\n}",
               "ZTEST_SUITE(alarm, NULL, NULL, NULL, NULL, NULL);\n\nZTEST(alarm, test_escalates_after_timeout)\n{\n    ...\n}")
        s.edit("src/alarm/escalate.c", "    struct alarm_state *a = k_malloc(sizeof(*a));",
               "    struct alarm_state *a = NULL;\n    if (k_mem_slab_alloc(&alarm_slab, (void **)&a, K_NO_WAIT) != 0) {\n        return NULL;\n    }")
        s.edit("src/alarm/escalate.c", "#include \"escalate.h\"", "#include \"escalate.h\"\n\nK_MEM_SLAB_DEFINE_STATIC(alarm_slab, sizeof(struct alarm_state), CONFIG_ALARM_MAX_ACTIVE, 4);")
        s.bash("grep -rn 'k_malloc\\|k_calloc\\|malloc(' src/alarm/", "")
        s.bash("west twister -T tests/alarm -p native_sim", "INFO    - 2 of 2 executed test configurations passed (100.00%)")
        s.say("Tests now use `ZTEST_SUITE`/`ZTEST`. `alarm_new()` takes from a static `k_mem_slab` sized by `CONFIG_ALARM_MAX_ACTIVE`; no allocation calls remain in `src/alarm/`, tests pass.")

    @session("n34-techdebt-decision-hedgehog", "quince", "2026-10-30T10:00:00", ["decision", "tech_debt"])
    def _(s):
        s.user("writing property tests for the rule evaluator. we have quickcheck in old tests and hedgehog in two new ones. which one going forward")
        s.grep("import Test.QuickCheck|import Hedgehog", "test/OverridesSpec.hs:3:import Test.QuickCheck\ntest/ParseSpec.hs:4:import Test.QuickCheck\n"
               "test/RulesSpec.hs:5:import Test.QuickCheck\ntest/EvalProps.hs:3:import Hedgehog\ntest/JsonProps.hs:3:import Hedgehog")
        s.say(
            "Hedgehog's integrated shrinking means generators shrink correctly without writing `shrink` by hand, which "
            "matters for nested rule trees; QuickCheck needs `Arbitrary` instances plus manual `shrink` to get small "
            "counterexamples. QuickCheck has the larger ecosystem (`quickcheck-instances`). For the evaluator I'd pick Hedgehog."
        )
        s.user("hedgehog for everything new. the 3 old quickcheck specs stay for now, port them when we touch them, not worth a sprint")
        s.write("test/RuleEvalProps.hs", "module RuleEvalProps where\n\nimport Hedgehog\nimport qualified Hedgehog.Gen as Gen\n...\nprop_notNot :: Property\nprop_notNot = property $ do\n  r <- forAll genRule\n  evaluate (Not (Not r)) ctx === evaluate r ctx")
        s.bash("cabal test --test-options='-p RuleEval'", "RuleEvalProps\n  ✓ prop_notNot passed 100 tests.\n  ✓ prop_andCommutes passed 100 tests.\nAll 2 tests passed (0.31s)")
        s.edit("test/README.md", "# Tests\n", "# Tests\n\nNew property tests use Hedgehog. `OverridesSpec`, `ParseSpec` and `RulesSpec` still use QuickCheck; port each one to Hedgehog when it is next changed.\n")
        s.say("Added `RuleEvalProps` in Hedgehog (both properties pass) and noted in `test/README.md` that new tests use Hedgehog and the three QuickCheck specs get ported when next touched.")

    @session("n35-long-lab-source-techdebt", "orchardline", "2026-11-02T09:00:00", ["session_summary", "tech_debt"], ("decision", "preference"))
    def _(s):
        s.user(
            "Big one today 💪 we're adding the lab results feed (lab_results_*.csv on the SFTP drop, same weekly "
            "cadence) to the pipeline and a new 'Positivity' tab. Spec is in docs/lab-feed.md. Let's go step by step."
        )
        s.work([
            ("read", "docs/lab-feed.md", "# Lab feed\n\nColumns: sample_id, patient_key, region_code, collected_on, test_type, result (POS/NEG/INC)\nEncoding: latin1 (!)\nDuplicates: the lab resends corrected rows with the same sample_id."),
            ("read", "_targets.R", "list(\n  tar_target(raw_cases_file, \"data/raw/cases.csv\", format = \"file\"),\n  tar_target(raw_cases, read_cases(raw_cases_file)),\n  ...\n)"),
            ("bash", "ls data/raw/lab/ | head; ls data/raw/lab | wc -l", "lab_results_2026-W40.csv\nlab_results_2026-W41.csv\nlab_results_2026-W42.csv\nlab_results_2026-W43.csv\n4"),
            ("bash", "head -3 data/raw/lab/lab_results_2026-W43.csv | iconv -f latin1 -t utf8", "sample_id;patient_key;region_code;collected_on;test_type;result\nL-88121;P0041;N03;21.10.2026;PCR;POS\nL-88122;P0877;S11;21.10.2026;Antigen;NEG"),
            ("write", "R/read_lab.R", "read_lab <- function(paths) {\n  readr::read_delim(paths, delim = \";\", locale = readr::locale(encoding = \"latin1\", date_format = \"%d.%m.%Y\"),\n                    col_types = \"cccDcc\", id = \"source_file\") |>\n    dplyr::mutate(result = factor(result, levels = c(\"POS\", \"NEG\", \"INC\")))\n}"),
            ("edit", "_targets.R", "  tar_target(raw_cases, read_cases(raw_cases_file)),", "  tar_target(raw_cases, read_cases(raw_cases_file)),\n  tar_target(lab_files, list.files(\"data/raw/lab\", full.names = TRUE), format = \"file\"),\n  tar_target(raw_lab, read_lab(lab_files)),"),
            ("bash", "Rscript -e 'targets::tar_make(names = \"raw_lab\")'", "▶ dispatched target lab_files\n● completed target lab_files\n▶ dispatched target raw_lab\n● completed target raw_lab [0.9 seconds]"),
            ("bash", "Rscript -e 'x <- targets::tar_read(raw_lab); nrow(x); sum(duplicated(x$sample_id))'", "[1] 48211\n[1] 312"),
            ("bash", "Rscript -e 'x <- targets::tar_read(raw_lab); d <- x[x$sample_id %in% x$sample_id[duplicated(x$sample_id)],]; print(head(d[order(d$sample_id),], 4))'",
             "  sample_id patient_key region_code collected_on test_type result source_file\n1 L-80012   P0310       N01         2026-10-01   PCR       INC    lab_results_2026-W40.csv\n2 L-80012   P0310       N01         2026-10-01   PCR       POS    lab_results_2026-W41.csv"),
        ])
        s.say("312 duplicated `sample_id`s: these are the lab's corrections (an `INC` in one week's file, a final result in the next). Keeping the row from the latest file per `sample_id` handles it. Doing that in a `clean_lab` target.")
        s.work([
            ("write", "R/clean_lab.R", "clean_lab <- function(raw) {\n  raw |>\n    dplyr::arrange(sample_id, source_file) |>\n    dplyr::slice_tail(n = 1, by = sample_id)\n}"),
            ("edit", "_targets.R", "  tar_target(raw_lab, read_lab(lab_files)),", "  tar_target(raw_lab, read_lab(lab_files)),\n  tar_target(lab, clean_lab(raw_lab)),"),
            ("bash", "Rscript -e 'targets::tar_make(names = \"lab\")'", "● completed target lab [0.3 seconds]"),
            ("bash", "Rscript -e 'x <- targets::tar_read(lab); nrow(x); anyDuplicated(x$sample_id)'", "[1] 47899\n[1] 0"),
            ("bash", "Rscript -e 'x <- targets::tar_read(lab); table(substr(x$region_code,1,1))'", "\n   N    S    W   X9 \n17210 15002 15601   86"),
        ])
        s.say("86 rows have region code `X9...`, which isn't in our region table. Looks like the lab's code for 'unknown / outside the area'.")
        s.user(
            "ugh yes X9 is their 'unknown'. the proper thing is to map them through the patient's home district from the "
            "registry, but that needs a data-sharing request to the registry, weeks. for now just drop them from the "
            "regional numbers and count them in a footnote. we'll do the mapping later, note it somewhere pls"
        )
        s.work([
            ("edit", "R/clean_lab.R", "    dplyr::slice_tail(n = 1, by = sample_id)", "    dplyr::slice_tail(n = 1, by = sample_id) |>\n    dplyr::mutate(unknown_region = startsWith(region_code, \"X9\"))"),
            ("write", "R/positivity.R", "weekly_positivity <- function(lab) {\n  lab |>\n    dplyr::filter(!unknown_region, result != \"INC\") |>\n    dplyr::mutate(iso_week = format(collected_on, \"%G-W%V\")) |>\n    dplyr::summarise(tests = dplyr::n(), pos = sum(result == \"POS\"), .by = c(region_code, iso_week, test_type)) |>\n    dplyr::mutate(positivity = pos / tests)\n}"),
            ("edit", "_targets.R", "  tar_target(lab, clean_lab(raw_lab)),", "  tar_target(lab, clean_lab(raw_lab)),\n  tar_target(positivity, weekly_positivity(lab)),\n  tar_target(lab_unknown_n, sum(lab$unknown_region)),"),
            ("write", "R/mod_positivity.R", "mod_positivity_ui <- function(id) {\n  ns <- NS(id)\n  tagList(selectInput(ns(\"test_type\"), \"Test type\", c(\"PCR\", \"Antigen\")), plotOutput(ns(\"trend\")), uiOutput(ns(\"footnote\")))\n}\n..."),
            ("edit", "R/app_ui.R", "    tabPanel(\"Hospitalisations\", mod_hosp_ui(\"hosp\"))", "    tabPanel(\"Hospitalisations\", mod_hosp_ui(\"hosp\")),\n    tabPanel(\"Positivity\", mod_positivity_ui(\"pos\"))"),
            ("edit", "R/app_server.R", "  mod_hosp_server(\"hosp\", hosp)", "  mod_hosp_server(\"hosp\", hosp)\n  mod_positivity_server(\"pos\", positivity, lab_unknown_n)"),
            ("bash", "Rscript -e 'targets::tar_make()'", "● completed target positivity [0.4 seconds]\n● completed target lab_unknown_n\n✔ ended pipeline [8.9 seconds]"),
            ("write", "tests/testthat/test-lab.R", "test_that(\"corrections keep the latest file's row\", {\n  ...\n})\ntest_that(\"X9 regions are excluded from positivity\", {\n  ...\n})"),
            ("bash", "Rscript -e 'devtools::test()'", "══ Results ══\n[ FAIL 0 | WARN 0 | SKIP 0 | PASS 38 ]"),
            ("bash", "Rscript -e 'shinytest2::test_app()'", "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 13 ]"),
            ("edit", "docs/tech-debt.md", "# Tech debt\n", "# Tech debt\n\n## Lab results with unknown region (X9)\nThe lab codes samples from unknown / out-of-area patients as `X9*` (~0.2 %). We drop them from regional positivity and show the count in a footnote. Proper fix: map them to the patient's home district via the registry; blocked on a data-sharing request (weeks).\n"),
            ("bash", "git status --short", " M R/app_server.R\n M R/app_ui.R\n M R/clean_lab.R\n M _targets.R\n M docs/tech-debt.md\n?? R/mod_positivity.R\n?? R/positivity.R\n?? R/read_lab.R\n?? tests/testthat/test-lab.R"),
        ])
        s.say("The Positivity tab is in and the whole pipeline and both test suites pass (38 unit, 13 app tests).")
        s.user("amazing, can you give me a wrap-up for the team channel?")
        s.say(
            "Wrap-up for the channel:\n\n"
            "**Lab results feed + Positivity tab** ✅\n"
            "- New targets: `lab_files` → `raw_lab` (`read_lab()`: `;`-separated, latin1, dd.mm.yyyy dates) → `lab` "
            "(`clean_lab()`: keeps the latest file's row per `sample_id`, since the lab resends corrections; 312 duplicates "
            "in 4 weeks) → `positivity` (by region, ISO week, test type; `INC` excluded).\n"
            "- New **Positivity** tab with a test-type selector, trend plot and a footnote with the number of samples of unknown region.\n"
            "- Tests: 2 new unit tests; 38 unit + 13 app tests pass.\n\n"
            "**Open**: the lab's `X9` (unknown region) samples are left out of the regional figures for now; mapping them via the "
            "registry needs a data-sharing request (in `docs/tech-debt.md`).\n\n**Next**: deploy to Connect after review."
        )

    @session("n36-runbook-constraint-kafka-record-too-large", "tallyho", "2026-11-03T07:30:00", ["runbook", "constraint"], ("decision",))
    def _(s):
        s.user("settlement-events publisher failing since yesterday, RecordTooLargeException. pls check")
        s.bash("oc logs deploy/settlement-publisher --since=2h | grep -m2 -A2 RecordTooLarge",
               "org.apache.kafka.common.errors.RecordTooLargeException: The message is 1482113 bytes when serialized which is larger than 1048576, "
               "which is the value of the max.request.size configuration.")
        s.read("src/main/java/com/tallyho/events/SettlementEventPublisher.java", "public void publish(List<Settlement> batch) {\n    kafka.send(TOPIC, runDate, toJson(batch));   // whole partition as one message\n}")
        s.say(
            "The publisher sends each partition's settlements as *one* JSON message; since the partitions got bigger "
            "(8 of ~260k claims) the message reached 1.48 MB, over the 1 MB limit. Raising `max.request.size` on the "
            "producer alone won't help if the topic's `max.message.bytes` is also 1 MB."
        )
        s.user("topic limit is 1 MB and stays, platform team owns the cluster and they dont raise it for anyone. so we must fit under 1mb per message")
        s.edit("src/main/java/com/tallyho/events/SettlementEventPublisher.java", "    kafka.send(TOPIC, runDate, toJson(batch));   // whole partition as one message",
               "    // the shared cluster caps messages at 1 MB (topic max.message.bytes, owned by the platform team):\n"
               "    // send chunks of 500 settlements, lz4-compressed\n    for (List<Settlement> part : Lists.partition(batch, 500)) {\n        kafka.send(TOPIC, runDate, toJson(part));\n    }")
        s.edit("src/main/resources/application.yml", "    producer:\n      acks: all", "    producer:\n      acks: all\n      compression-type: lz4")
        s.bash("./gradlew test --tests '*Publisher*' && ./gradlew bootJar -q", "SettlementEventPublisherTest > largeBatchIsSplitUnder1MB() PASSED\n\nBUILD SUCCESSFUL in 38s")
        s.bash("oc start-build settlement-publisher --from-dir=. --follow | tail -1 && oc rollout status deploy/settlement-publisher",
               "Push successful\ndeployment \"settlement-publisher\" successfully rolled out")
        s.bash("oc logs deploy/settlement-publisher --since=10m | grep -cE 'RecordTooLarge|sent [0-9]+ events'", "0\n")
        s.bash("oc logs deploy/settlement-publisher --since=10m | grep -m3 'sent'", "INFO  published run 2026-11-02 chunk 1/6 (500 events, 212 KB)\nINFO  published run 2026-11-02 chunk 6/6 (142 events, 61 KB)\nINFO  run 2026-11-02 done: 2642 events")
        s.say(
            "Fixed and deployed: the publisher splits each partition into chunks of 500 settlements and the producer "
            "compresses with lz4; the largest message is now ~212 KB. Yesterday's run (2 642 events) was re-published "
            "without errors. The 1 MB cap is noted in the code where the chunking happens."
        )

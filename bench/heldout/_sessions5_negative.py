"""Fifth held-out set: negatives (expect nothing). See _make_triage5.py."""


def register(session):
    @session("n01-question-chunk-vs-tasklet", "tallyho", "2026-10-05T08:12:00", [])
    def _(s):
        s.user("whats difference chunk step vs tasklet step in spring batch, short pls")
        s.say(
            "Short version:\n\n"
            "- **Chunk-oriented step**: read items one by one (`ItemReader`), process each (`ItemProcessor`), "
            "write them in groups of `chunkSize` (`ItemWriter`). Each chunk is one transaction, so a failure rolls "
            "back only the current chunk, and restart resumes after the last committed chunk. Skip/retry policies "
            "work per item.\n"
            "- **Tasklet step**: one `execute()` call that does whatever it wants (delete a file, call a stored "
            "procedure, send a message). It runs in a transaction too, but there is no item loop, so no per-item "
            "skip/retry and restart just re-runs the tasklet.\n\n"
            "Rule of thumb: many records -> chunk; a single action -> tasklet."
        )
        s.user("ok and RepeatStatus.CONTINUABLE?")
        s.say(
            "If `execute()` returns `RepeatStatus.CONTINUABLE`, Spring Batch calls it again (each call in its own "
            "transaction) until it returns `FINISHED`. It's how you write a tasklet that works in slices without "
            "turning it into a chunk step, e.g. deleting old rows 10k at a time."
        )

    @session("n02-trivial-shiny-label-typo", "orchardline", "2026-10-05T13:40:00", [])
    def _(s):
        s.user("tiny one: the dropdown on the hospitalisations tab says 'Regoin' lol. fix pls")
        s.grep("Regoin", "R/mod_hosp.R:27:      selectInput(ns(\"region\"), \"Regoin\", choices = NULL),")
        s.edit("R/mod_hosp.R", '      selectInput(ns("region"), "Regoin", choices = NULL),',
               '      selectInput(ns("region"), "Region", choices = NULL),')
        s.say("Fixed: `R/mod_hosp.R` line 27 now reads \"Region\". That was the only occurrence.")
        s.user("ty!")
        s.say("You're welcome.")

    @session("n03-chitchat-ghc-release", "quince", "2026-10-06T17:05:00", [])
    def _(s):
        s.user("friday. anything fun in the new ghc release or is it all boring")
        s.say(
            "Not boring, depending on taste. The recent GHC releases keep pushing on things like more of "
            "`RequiredTypeArguments`, better error message codes (every diagnostic now has a code you can look up "
            "on the error index), and steady work on the JavaScript and WebAssembly backends. For a service like "
            "quince the practical bits are mostly compile-time improvements and warnings, nothing you'd rush to."
        )
        s.user("wasm backend is kinda wild tbh")
        s.say("It is. Running Haskell in a browser tab without GHCJS's old baggage is a nice thing to have around, even if few services need it.")
        s.user("ok have a good weekend")
        s.say("You too!")

    @session("n04-green-twister-run", "pulsewren", "2026-10-06T09:30:00", [])
    def _(s):
        s.user("Could you run the unit tests for the signal-processing module on native_sim before I push? Nothing changed there, I just want to be sure.")
        s.bash(
            "west twister -T tests/dsp -p native_sim --inline-logs",
            "INFO    - Using Ninja..\nINFO    - Zephyr version: v3.7.0\nINFO    - JOBS: 8\n"
            "INFO    - Adding tasks to the queue...\nINFO    - 14 of 14 executed test configurations passed (100.00%), "
            "0 failed, 0 errored, 0 skipped with 0 warnings in 41.22 seconds\n"
            "INFO    - 96 of 96 executed test cases passed (100.00%) on 1 out of total 1 platforms",
            "Running the DSP tests on native_sim.",
        )
        s.say("All green: 14 configurations, 96 test cases passed on native_sim, no warnings. Safe to push.")

    @session("n05-nearmiss-hasql-vs-persistent-writeup", "quince", "2026-10-07T10:15:00", [])
    def _(s):
        s.user(
            "writing a blog post comparing db libs in haskell. not changing anything in quince, we're fine. "
            "can you give me the honest tradeoffs hasql vs persistent vs postgresql-simple"
        )
        s.say(
            "Honest trade-offs, as I'd put them in a post:\n\n"
            "**hasql**: Postgres only, binary protocol, very fast, explicit encoders/decoders for every statement. "
            "Verbose, but nothing is hidden. `hasql-th` helps with the boilerplate and checks the SQL syntax at "
            "compile time.\n\n"
            "**persistent** (+ esqueleto): schema defined in a quasi-quoter, migrations generated for you, works "
            "with several backends. Quick to start; the generated types and the TH can feel heavy, and complex "
            "queries push you into esqueleto, which has its own learning curve.\n\n"
            "**postgresql-simple**: the small, text-protocol classic. `FromRow`/`ToRow` classes, SQL in strings, "
            "easy to read. Slower than hasql on big result sets and no compile-time checking.\n\n"
            "If the post needs a one-liner: persistent for getting started, hasql for performance and control, "
            "postgresql-simple when you want the least magic."
        )
        s.user("nice. maybe a bit about connection pooling too")
        s.say(
            "hasql uses `hasql-pool`; persistent ships its own pooling via `resource-pool` in "
            "`persistent-postgresql`; postgresql-simple is usually combined with `resource-pool` directly. All three "
            "are fine; the difference is mostly in how much of the pool config is exposed."
        )

    @session("n06-nearmiss-shinyapps-free-tier", "orchardline", "2026-10-07T15:20:00", [])
    def _(s):
        s.user(
            "random q, not for our app (we're on Connect anyway). a friend from uni has a hobby dashboard on "
            "shinyapps.io free tier and it keeps going to sleep. what are the limits there?"
        )
        s.say(
            "On the shinyapps.io free plan (from memory; check their pricing page since they change it):\n\n"
            "- a small number of applications (5 on the free tier)\n"
            "- a monthly cap of active hours (25 hours/month); when it runs out, apps stop until the next month\n"
            "- instances go idle after a period without connections (the idle timeout, default 15 minutes), so the "
            "first visitor after that waits for a cold start\n"
            "- small instance sizes (memory around 1 GB)\n\n"
            "The \"going to sleep\" your friend sees is the idle timeout; raising it in the app settings burns the "
            "active hours faster."
        )
        s.user("ha ok, I'll tell her. thx")
        s.say("Sure.")

    @session("n07-nearmiss-todo-read-out", "tallyho", "2026-10-08T08:50:00", [])
    def _(s):
        s.user("whats in TODO.md, read me quickly, i dont have it open")
        s.read(
            "TODO.md",
            "# TODO\n\n- [ ] rename `ClaimSettlementJobConfig` -> `SettlementJobConfig`\n"
            "- [ ] check if `reserveWriter` still needs the Oracle hint\n- [x] upgrade Spring Boot to 3.3\n"
            "- [ ] remove old CSV export once finance confirms\n- [ ] docs for the retry job",
        )
        s.say(
            "TODO.md has five items, one done:\n\n"
            "1. rename `ClaimSettlementJobConfig` to `SettlementJobConfig`\n"
            "2. check whether `reserveWriter` still needs the Oracle hint\n"
            "3. ~~upgrade Spring Boot to 3.3~~ (done)\n"
            "4. remove the old CSV export once finance confirms\n"
            "5. write docs for the retry job"
        )
        s.user("ok thx")
        s.say("👍")

    @session("n08-nearmiss-review-ble-branch", "pulsewren", "2026-10-08T11:00:00", [])
    def _(s):
        s.user(
            "Please review Tomás's branch `feature/ble-bonding` against main. Comments only, don't change "
            "anything, he'll address them himself."
        )
        s.bash("git diff --stat main...feature/ble-bonding",
               " src/ble/bonding.c   | 142 ++++++++++++++++++++---\n src/ble/bonding.h   |  12 ++\n prj.conf            |   4 +\n 3 files changed, 151 insertions(+), 7 deletions(-)")
        s.bash("git diff main...feature/ble-bonding -- src/ble/bonding.c | head -80",
               "+static void pairing_complete(struct bt_conn *conn, bool bonded)\n+{\n+    LOG_INF(\"paired %d\", bonded);\n"
               "+    k_sem_give(&bond_sem);\n+}\n+...\n+    err = bt_unpair(BT_ID_DEFAULT, NULL);\n+    if (err) {\n+        return;\n+    }")
        s.bash("git diff main...feature/ble-bonding -- prj.conf",
               "+CONFIG_BT_SMP=y\n+CONFIG_BT_MAX_PAIRED=4\n+CONFIG_BT_SETTINGS=y\n+CONFIG_SETTINGS_NVS=y")
        s.say(
            "Review of `feature/ble-bonding` (nothing changed):\n\n"
            "1. `bonding.c`: `bt_unpair(BT_ID_DEFAULT, NULL)` removes *all* bonds, not just the current peer's. If "
            "the intent is \"forget this phone\", pass the peer address.\n"
            "2. The early `return` after `bt_unpair` fails swallows the error; log it or propagate it.\n"
            "3. `pairing_complete` logs `bonded` but doesn't check it; an unbonded pairing will still give the "
            "semaphore.\n"
            "4. `prj.conf`: `CONFIG_BT_MAX_PAIRED=4` looks fine; `CONFIG_BT_SETTINGS` needs `settings_load()` at "
            "boot, which I don't see in the diff.\n\n"
            "Otherwise the structure is clean and the commit split is easy to follow."
        )

    @session("n09-ja-question-kwork", "pulsewren", "2026-10-09T02:10:00", [])
    def _(s):
        s.user("Zephyrで k_work と専用スレッド(k_thread)の使い分けって、一般的にはどう考えればいい？質問だけです。")
        s.say(
            "一般論としては:\n\n"
            "- **k_work（システムワークキュー）**: 短く終わる処理向け。割り込みハンドラから後回しにしたい処理や、"
            "数ミリ秒で終わる処理に便利です。ただしシステムワークキューは共有なので、長くブロックすると他の処理が"
            "止まります。\n"
            "- **専用ワークキュー**: `k_work_queue_start()` で自前のキューを作れば、優先度やスタックサイズを"
            "分けられます。\n"
            "- **専用スレッド**: ループで待ち続ける処理、独自の優先度やタイミング要件がある処理（センサの"
            "サンプリングなど）向けです。\n\n"
            "目安: 一回きりで短いなら k_work、長い・周期的・ブロックするならスレッドか専用キューです。"
        )
        s.user("なるほど、ありがとう")
        s.say("どういたしまして。")

    @session("n10-nearmiss-kafka-vs-jms-postponed", "tallyho", "2026-10-09T09:30:00", [])
    def _(s):
        s.user(
            "need to send settlement-done events to the payments team. options kafka (we have cluster) or "
            "their IBM MQ via JMS. what do you think, pros cons"
        )
        s.read("build.gradle.kts", "dependencies {\n    implementation(\"org.springframework.boot:spring-boot-starter-batch\")\n"
               "    implementation(\"org.springframework.kafka:spring-kafka\")\n    implementation(\"com.oracle.database.jdbc:ojdbc11\")\n}")
        s.say(
            "Both work; the trade-off:\n\n"
            "**Kafka** (already a dependency, `spring-kafka` is in the build): no new infrastructure on our side, "
            "replayable topic, easy to add more consumers later. The payments team would need a Kafka consumer, "
            "which they may not have.\n\n"
            "**IBM MQ via JMS**: what payments already consumes, so zero work for them. For us it's a new client "
            "library, credentials and a second transaction resource; to keep \"settlement committed\" and "
            "\"message sent\" consistent we'd want an outbox table either way.\n\n"
            "The outbox is needed in both cases, so the real question is who adapts: us or payments."
        )
        s.user("hm. depends on payments team, i ask them. not deciding today, we talk after arch board next week")
        s.say("Makes sense. Nothing changed in the repo; when you know what payments prefers I can sketch the outbox table and the publisher.")

    @session("n11-de-trivial-log-message", "tallyho", "2026-10-10T07:45:00", [])
    def _(s):
        s.user("Kannst du in `ReserveStepListener` die Logmeldung \"step done\" in \"Reserve-Step abgeschlossen: {} Items\" ändern? Mit writeCount.")
        s.read("src/main/java/com/tallyho/settlement/ReserveStepListener.java",
               "@Override\npublic ExitStatus afterStep(StepExecution stepExecution) {\n    log.info(\"step done\");\n    return stepExecution.getExitStatus();\n}")
        s.edit("src/main/java/com/tallyho/settlement/ReserveStepListener.java", '    log.info("step done");',
               '    log.info("Reserve-Step abgeschlossen: {} Items", stepExecution.getWriteCount());')
        s.say("Erledigt: `afterStep` loggt jetzt `Reserve-Step abgeschlossen: {} Items` mit `stepExecution.getWriteCount()`.")

    @session("n12-zh-chitchat-nix", "quince", "2026-10-10T06:20:00", [])
    def _(s):
        s.user("随便聊聊：你觉得 Nix flakes 现在算稳定了吗？我们组里有人一直吐槽它还是 experimental。")
        s.say(
            "严格来说，flakes 在 Nix 里仍然标记为 experimental，需要在配置里打开 `experimental-features = nix-command flakes`。"
            "但实际上大量项目和组织已经长期在生产里用它，接口这几年也基本没怎么变。所以“官方上实验性、事实上很稳定”是比较准确的说法。"
        )
        s.user("哈哈，好吧，那我就这么跟他说")
        s.say("可以的，顺便提一句 Determinate Systems 的安装器默认就开启 flakes，很多人就是这么用的。")

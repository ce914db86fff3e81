"""Negatives: sessions after which nothing is worth remembering (every category must stay silent)."""

ALL = ["session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"]


def register(session):
    @session("h01-question-pgx-context-cancel", "tidewater", "2026-11-02T09:14:00", [], ALL)
    def _(s):
        s.user(
            "quick question before I go down a rabbit hole. if the incoming HTTP request gets cancelled "
            "while we're in the middle of a pgx query, does postgres actually stop running the query, "
            "or does pgx just stop waiting for it?"
        )
        s.say(
            "Short answer: with pgx v5's defaults the server usually keeps going for a bit.\n\n"
            "When the `ctx` you pass to `pool.Query` is cancelled, pgx's context watcher interrupts the "
            "blocked network read on the client side. By default it does that by setting a deadline on "
            "the connection, which makes the read fail, and the connection is then closed and dropped "
            "from the pool. Postgres only notices the client is gone when it next tries to write to the "
            "socket, so a long-running query without output can keep running until then.\n\n"
            "If you want the server to stop the query right away, configure the connection with a "
            "handler that sends a real cancel request:\n\n"
            "```go\n"
            "cfg.ConnConfig.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {\n"
            "    return &pgconn.CancelRequestContextWatcherHandler{Conn: c, CancelRequestDelay: 0, DeadlineDelay: time.Second}\n"
            "}\n"
            "```\n\n"
            "That opens a second short connection and sends a `CancelRequest`, which is what `pg_cancel_backend` "
            "does. A `statement_timeout` on the role is the other common safety net."
        )
        s.user("ok, that makes sense. thanks")
        s.say("You're welcome. Nothing in the repo changed.")

    @session("h02-trivial-readme-typo", "quillpad", "2026-11-03T16:40:00", [], ALL)
    def _(s):
        s.user("there's a typo in the README intro, it says 'syncronisation'. fix pls")
        s.bash("grep -n 'syncronisation' README.md", "7:Quillpad keeps your notes in step across devices with offline-first syncronisation.")
        s.edit(
            "README.md",
            "offline-first syncronisation.",
            "offline-first synchronisation.",
        )
        s.say("Fixed on line 7 of README.md.")
        s.user("thx")
        s.say("👍")

    @session("h03-es-chitchat-idempotente", "larchfield", "2026-11-04T08:05:00", [], ALL)
    def _(s):
        s.user(
            "¡Buenos días! Hoy voy con prisa, solo una pregunta rápida: en un comentario de "
            "`larchfield/io/upsert.py` pone que la función es idempotente. ¿Qué significa exactamente?"
        )
        s.say(
            "¡Buenos días! Que una operación sea idempotente significa que ejecutarla una vez o varias "
            "veces seguidas con los mismos datos deja el sistema en el mismo estado.\n\n"
            "En `upsert.py` eso quiere decir que si el job de ingesta se reintenta y vuelve a insertar las "
            "mismas lecturas, no aparecen filas duplicadas: el `INSERT ... ON CONFLICT (probe_id, ts) DO UPDATE` "
            "sobrescribe la fila existente con los mismos valores. Por eso Dagster puede reintentar una "
            "partición sin que tengas que limpiar nada a mano."
        )
        s.user("Vale, clarísimo. ¡Gracias y buen fin de semana!")
        s.say("¡Igualmente, buen fin de semana!")

    @session("h04-near-miss-storage-tradeoffs", "quillpad", "2026-11-05T14:22:00", [], ALL)
    def _(s):
        s.user(
            "I'm going back and forth between expo-sqlite and MMKV for keeping notes offline. "
            "what are the trade-offs for an app like ours?"
        )
        s.say(
            "Roughly:\n\n"
            "**expo-sqlite**\n"
            "- real queries: sorting by `updated_at`, filtering by folder, full-text search with FTS5 later\n"
            "- handles large data sets without loading everything into JS memory\n"
            "- more ceremony: migrations, a schema, async API\n\n"
            "**MMKV**\n"
            "- very fast synchronous key-value reads, great for settings and small caches\n"
            "- no queries: you'd keep an index of note ids yourself and filter in JS\n"
            "- everything you read comes into JS memory, which matters once people have thousands of notes\n\n"
            "Some apps use both: SQLite for the notes and MMKV for UI state like the last opened folder. "
            "The main question is how big you expect a heavy user's library to get, and whether search "
            "is on the roadmap this year."
        )
        s.user(
            "hmm, both have a point. I'll talk it through with Priya on Monday before we pick anything. "
            "don't change anything yet."
        )
        s.say("Sure, nothing changed. Happy to prototype either one once you two have talked.")

    @session("h05-near-miss-someone-elses-rate-limit", "tidewater", "2026-11-06T11:02:00", [], ALL)
    def _(s):
        s.user(
            "Marco from the data team pinged me. Their little scraper keeps getting 403s from the GitHub "
            "API after a few minutes of running. It's not our code at all, but do you have any idea why?"
        )
        s.say(
            "Most likely GitHub's secondary rate limits. Besides the hourly quota (5,000 requests an hour "
            "for an authenticated token, 60 without one), GitHub also throttles bursts: too many concurrent "
            "requests, too many requests to one endpoint in a short time, or too much CPU time on their side. "
            "Those come back as 403 (sometimes 429) with a message like \"You have exceeded a secondary rate "
            "limit\".\n\n"
            "Things Marco can check:\n"
            "- the `x-ratelimit-remaining` and `x-ratelimit-reset` headers on the responses\n"
            "- a `retry-after` header on the 403, and waiting that long before retrying\n"
            "- running requests one after another instead of in parallel\n"
            "- using conditional requests (`If-None-Match`) so unchanged resources don't count as much\n\n"
            "If the scraper runs without a token at all, adding one is the first fix."
        )
        s.user("cool, I'll forward that to him")
        s.say("Sounds good.")

    @session("h06-near-miss-read-todo-list", "larchfield", "2026-11-06T17:30:00", [], ALL)
    def _(s):
        s.user("what's still open in TODO.md?")
        s.bash(
            "cat TODO.md",
            "# TODO\n\n"
            "- [x] move probe metadata to customers.yaml\n"
            "- [ ] backfill 2023 readings for Oakridge (waiting for their API key renewal)\n"
            "- [ ] replace the hand-written retry loop in fetch_readings with tenacity\n"
            "- [ ] dashboards: soil temperature panel\n"
            "- [x] drop python 3.10 from CI\n"
            "- [ ] look into why the weekly report email lands in spam for gmail users\n",
        )
        s.say(
            "Four open items:\n\n"
            "1. Backfill the 2023 readings for Oakridge (blocked on their API key renewal)\n"
            "2. Replace the hand-written retry loop in `fetch_readings` with tenacity\n"
            "3. A soil temperature panel on the dashboards\n"
            "4. Find out why the weekly report email lands in spam for Gmail users\n\n"
            "Two are done (probe metadata in customers.yaml, Python 3.10 dropped from CI)."
        )
        s.user("ok, nothing urgent then. I'll pick one tomorrow morning.")
        s.say("Sounds good. See you tomorrow.")

    @session("h07-de-question-box-rc", "brassica", "2026-11-07T10:12:00", [], ALL)
    def _(s):
        s.user(
            "Kurze Frage: wann nehme ich in Rust eigentlich Box und wann Rc? Ich lese gerade "
            "src/sensors/mod.rs und verstehe nicht, warum da Rc<RefCell<...>> steht."
        )
        s.read(
            "src/sensors/mod.rs",
            "use std::cell::RefCell;\nuse std::rc::Rc;\n\npub struct Sensors {\n    pub bus: Rc<RefCell<I2cBus>>,\n"
            "    pub sht31: Sht31<Rc<RefCell<I2cBus>>>,\n    pub scd40: Scd40<Rc<RefCell<I2cBus>>>,\n}",
        )
        s.say(
            "`Box<T>` heißt: genau ein Besitzer, der Wert liegt auf dem Heap. `Rc<T>` heißt: mehrere "
            "Besitzer teilen sich denselben Wert, und er wird freigegeben, wenn der letzte `Rc` weg ist.\n\n"
            "In `sensors/mod.rs` teilen sich der SHT31- und der SCD40-Treiber denselben I2C-Bus. Beide "
            "brauchen ihn, keiner kann ihn allein besitzen, deshalb `Rc`. Und weil beide darüber auch "
            "schreiben (`&mut`), braucht es zusätzlich `RefCell`, das die Ausleihregeln zur Laufzeit prüft.\n\n"
            "Da alles in einem Thread läuft, reicht `Rc`; zwischen Threads bräuchte man `Arc<Mutex<...>>`."
        )
        s.user("Alles klar, danke!")
        s.say("Gern!")

    @session("h08-ja-trivial-rename", "quillpad", "2026-11-09T13:45:00", [], ALL)
    def _(s):
        s.user("src/components/NoteCard.tsx の変数名 `tmp` を `previewText` に変えてもらえますか？")
        s.bash(
            "grep -n 'tmp' src/components/NoteCard.tsx",
            "14:  const tmp = note.body.slice(0, 140);\n22:      <Text numberOfLines={2}>{tmp}</Text>",
        )
        s.edit("src/components/NoteCard.tsx", "  const tmp = note.body.slice(0, 140);", "  const previewText = note.body.slice(0, 140);")
        s.edit("src/components/NoteCard.tsx", "      <Text numberOfLines={2}>{tmp}</Text>", "      <Text numberOfLines={2}>{previewText}</Text>")
        s.say("変更しました。`NoteCard.tsx` の2か所（14行目と22行目）です。")
        s.user("ありがとう！")
        s.say("どういたしまして。")

    @session("h09-run-host-tests-green", "brassica", "2026-11-10T15:20:00", [], ALL)
    def _(s):
        s.user("run the host-side unit tests and tell me if anything's red")
        s.bash(
            "cargo test -p greenhouse-core --target x86_64-unknown-linux-gnu",
            "   Compiling greenhouse-core v0.4.1 (/home/jonas/firmware/brassica/core)\n"
            "    Finished `test` profile [unoptimized + debuginfo] target(s) in 6.82s\n"
            "     Running unittests src/lib.rs (target/x86_64-unknown-linux-gnu/debug/deps/greenhouse_core-3f1c0a9e2b7d4c11)\n\n"
            "running 42 tests\n"
            "..........................................\n"
            "test result: ok. 42 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.03s\n",
        )
        s.say("All green: 42 passed, 0 failed in `greenhouse-core`.")
        s.user("nice, thanks")
        s.say("Anytime.")

    @session("h10-zh-chitchat-wrap-up", "larchfield", "2026-11-13T18:50:00", [], ALL)
    def _(s):
        s.user("今天就到这里吧，辛苦了！周末愉快～")
        s.say("谢谢，你也辛苦了！周末愉快，下周见。")

    @session("h11-ko-question-rebase-vs-merge", "tidewater", "2026-11-16T10:30:00", [], ALL)
    def _(s):
        s.user("git rebase랑 merge 차이가 정확히 뭐예요? 팀에서 둘 다 쓰는 것 같아서 헷갈려요.")
        s.say(
            "둘 다 한 브랜치의 변경을 다른 브랜치에 합치는 방법인데, 히스토리를 남기는 방식이 다릅니다.\n\n"
            "- `git merge main`: 두 브랜치를 합치는 머지 커밋을 하나 새로 만듭니다. 기존 커밋은 그대로 "
            "남고, 히스토리에 분기와 합류가 그대로 보입니다.\n"
            "- `git rebase main`: 내 브랜치의 커밋들을 main의 끝으로 옮겨서 다시 적용합니다. 히스토리는 "
            "한 줄로 깔끔해지지만 커밋 해시가 바뀌기 때문에, 이미 push해서 다른 사람이 쓰고 있는 브랜치에는 "
            "조심해야 합니다.\n\n"
            "지금 저장소의 `git log --graph`를 보면 두 방식이 섞여 있는데, 어느 쪽이 맞다기보다는 팀에서 "
            "정하기 나름입니다."
        )
        s.user("아 이해했어요. 감사합니다!")
        s.say("천만에요!")

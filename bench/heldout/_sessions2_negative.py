"""Negatives of the second held-out set: nothing here should be remembered."""

NONE = ["session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"]


def register(session):
    @session("g01-stateflow-vs-sharedflow-question", "ledgerly", "2026-10-05T08:12:00", [], NONE)
    def _(s):
        s.user("hi, quick one. what is real difference of StateFlow and SharedFlow for one-time events like show snackbar? i see both in tutorials")
        s.say(
            "Short version:\n\n"
            "- `StateFlow` always holds one current value and replays it to every new collector. Good for screen state "
            "(`UiState`), bad for one-off events: after a rotation the new collector gets the last value again, so the "
            "snackbar shows twice.\n"
            "- `SharedFlow` has no current value by default (`replay = 0`). An event emitted while nobody collects is "
            "dropped unless you give it a buffer, so a snackbar fired during a configuration change can get lost.\n"
            "- A `Channel` (exposed with `receiveAsFlow()`) delivers each event to exactly one collector and buffers it "
            "until someone collects, which is what most people actually want for \"show this once\".\n\n"
            "Google's current guidance leans the other way altogether: model the event as part of state (e.g. "
            "`userMessage: String?`) and have the UI call `viewModel.messageShown()` after showing it."
        )
        s.user("ok got it, thanks. channel for events make sense")
        s.say("Yes, with `Channel(Channel.BUFFERED)` and collecting in `repeatOnLifecycle(STARTED)` you avoid both problems.")

    @session("g02-tooltip-typo", "mossgrove", "2026-10-06T14:40:00", [], NONE)
    def _(s):
        s.user("tooltip says 'Snap to gird'. fix")
        s.grep(
            "Snap to gird",
            "src/editor/panels/ViewportToolbar.cpp:88:        ImGui::SetTooltip(\"Snap to gird (G)\");",
        )
        s.edit(
            "src/editor/panels/ViewportToolbar.cpp",
            '        ImGui::SetTooltip("Snap to gird (G)");',
            '        ImGui::SetTooltip("Snap to grid (G)");',
        )
        s.say("Fixed in `ViewportToolbar.cpp:88`.")
        s.user("ty")
        s.say("np")

    @session("g03-chitchat-egu-poster", "petrichor", "2026-10-07T16:05:00", [], NONE)
    def _(s):
        s.user(
            "Not really a coding question today, I just got back from the hydrology workshop in Delft and my head is "
            "full. Someone from Deltares showed a flood model running on a laptop GPU in real time and everybody in "
            "the room went quiet, haha. Do you think GPUs will replace the clusters for this kind of thing? I'm "
            "half-joking, I'm just tired and procrastinating on my slides."
        )
        s.say(
            "Sounds like a good workshop! For a single catchment at moderate resolution, a recent laptop GPU can indeed "
            "beat a few cluster nodes, because shallow-water and routing kernels are memory-bandwidth bound and GPUs "
            "have lots of it. Clusters still win on ensembles: running 50 perturbed members for uncertainty, or "
            "continental domains that don't fit in 16 GB. So more \"GPU nodes inside the cluster\" than a replacement.\n\n"
            "And procrastinating on slides after a conference is practically a tradition."
        )
        s.user("Ha, true. OK, slides. Thanks for the pep talk, back to PowerPoint misery 😅")
        s.say("Good luck with them!")

    @session("g04-oban-vs-broadway-no-choice", "saltmarsh", "2026-10-08T10:20:00", [], NONE)
    def _(s):
        s.user(
            "We need to send appointment reminder SMS 24h before. Thinking about either a cron-style Oban job that "
            "scans the appointments table every 5 minutes, or pushing events into a Broadway pipeline reading from SQS. "
            "What are the tradeoffs for us?"
        )
        s.read(
            "config/config.exs",
            "config :saltmarsh, Oban,\n  repo: Saltmarsh.Repo,\n  queues: [default: 10, mailers: 5],\n  plugins: [Oban.Plugins.Pruner]",
        )
        s.say(
            "You already run Oban with Postgres, so:\n\n"
            "**Oban + Cron plugin scanning every 5 min**\n"
            "- no new infrastructure; jobs are transactional with the appointment row, so a cancelled appointment can "
            "cancel its job in the same transaction\n"
            "- unique jobs (`unique: [keys: [:appointment_id]]`) prevent double sends\n"
            "- the scan query is cheap with an index on `(starts_at) WHERE reminder_sent_at IS NULL`\n\n"
            "**Broadway + SQS**\n"
            "- scales past what one Postgres wants to handle, batching to the SMS provider is natural\n"
            "- but it's a second source of truth: you have to publish on create/update/cancel and keep SQS and the DB "
            "consistent (outbox pattern), plus AWS credentials in the cluster\n\n"
            "At a few thousand reminders a day either works; the question is mostly whether you expect volume that "
            "Postgres can't absorb."
        )
        s.user("Hmm. Hugo wanted SQS because of the other team. I'll bring both to the Thursday sync and we see. Don't change anything yet.")
        s.say("Understood, nothing changed. If it helps for Thursday, the main question to settle is who owns the outbox if you go with SQS.")

    @session("g05-copernicus-queue-curiosity", "petrichor", "2026-10-09T09:30:00", [], NONE)
    def _(s):
        s.user(
            "Random curiosity: my colleague in Lyon says her ERA5 requests to the Copernicus CDS sit in the queue for "
            "hours. Why is that? We don't download from there ourselves (we use the institute's mirror), I'm just "
            "wondering whether she's doing something wrong."
        )
        s.say(
            "Probably not wrong, it's how the CDS works. Requests go into a shared queue and each user has a limit on "
            "how many requests run at once; the big cost is that ERA5 data on the archive side is stored in chunks by "
            "time, so a request for a long time series over a small area makes the system read many tapes/files. "
            "Things that help her: split requests by month (or year) rather than one huge request, ask only for the "
            "variables and levels she needs, and prefer the ERA5 single-levels timeseries dataset if she needs point "
            "data. Queue times also swing a lot with overall load; mornings in Europe are busier."
        )
        s.user("Makes sense, I'll forward that. Thanks!")
        s.say("You're welcome.")

    @session("g06-reading-todo-file", "mossgrove", "2026-10-12T11:02:00", [], NONE)
    def _(s):
        s.user("whats in TODO.md")
        s.read(
            "TODO.md",
            "# TODO\n\n- [ ] gizmo rotate handles flicker at 144Hz\n- [ ] prefab browser: thumbnails\n"
            "- [x] save dialog remembers last dir\n- [ ] lua console: history with up arrow\n"
            "- [ ] crash when deleting a layer that is selected in outliner\n- [ ] dark theme contrast on disabled text",
        )
        s.say(
            "Open items:\n1. gizmo rotate handles flicker at 144 Hz\n2. prefab browser thumbnails\n3. Lua console history "
            "(up arrow)\n4. crash when deleting a layer selected in the outliner\n5. dark theme contrast on disabled text\n\n"
            "Done: save dialog remembers last directory."
        )
        s.user("k")
        s.say("👍")

    @session("g07-review-pr-no-changes", "saltmarsh", "2026-10-13T15:45:00", [], NONE)
    def _(s):
        s.user("Can you review Hugo's branch `hugo/waitlist` against main? Just comments, I'll relay them, don't touch the code.")
        s.bash(
            "git diff main...hugo/waitlist --stat",
            " lib/saltmarsh/scheduling/waitlist.ex            | 84 ++++++++++\n"
            " lib/saltmarsh_web/live/waitlist_live/index.ex   | 61 +++++++\n"
            " priv/repo/migrations/20261010_create_waitlist.exs | 18 ++\n"
            " test/saltmarsh/scheduling/waitlist_test.exs     | 40 +++++\n"
            " 4 files changed, 203 insertions(+)",
        )
        s.bash(
            "git diff main...hugo/waitlist -- lib/saltmarsh/scheduling/waitlist.ex",
            "+  def promote_next(slot) do\n+    entry =\n+      Waitlist\n+      |> where(clinic_id: ^slot.clinic_id)\n"
            "+      |> order_by(:inserted_at)\n+      |> first()\n+      |> Repo.one()\n+\n+    if entry do\n"
            "+      Repo.insert!(%Appointment{patient_id: entry.patient_id, slot_id: slot.id})\n+      Repo.delete!(entry)\n+    end\n+  end",
        )
        s.say(
            "Comments for Hugo:\n\n"
            "1. `promote_next/1`: the insert and delete aren't in a transaction; if the delete fails the patient is "
            "booked and still waiting. `Ecto.Multi` or `Repo.transaction/1`.\n"
            "2. Two slots freed at the same time can pick the same entry: add `lock(\"FOR UPDATE SKIP LOCKED\")` to the query.\n"
            "3. The waitlist isn't filtered by practitioner or appointment type, so someone waiting for a physio may be "
            "booked into a dentist slot - intended?\n"
            "4. Migration: index on `(clinic_id, inserted_at)` would match the query.\n"
            "5. Tests cover the happy path only; a test for the empty waitlist and for concurrency would help.\n\n"
            "Otherwise readable and small. I didn't modify anything."
        )
        s.user("perfect, thanks")
        s.say("Anytime.")

    @session("g08-german-span-vs-string-view", "mossgrove", "2026-10-14T09:10:00", [], NONE)
    def _(s):
        s.user("Kurze Frage: was ist eigentlich der Unterschied zwischen std::span<const char> und std::string_view? Kann ich die austauschen?")
        s.say(
            "Beide sind nicht-besitzende Sichten auf zusammenhängenden Speicher, aber:\n\n"
            "- `std::string_view` ist für Text gedacht: hat `find`, `substr`, `starts_with`, Vergleichsoperatoren und "
            "lässt sich direkt aus String-Literalen und `std::string` bauen.\n"
            "- `std::span<const char>` ist ein generischer Bereich von Elementen, ohne String-Operationen und ohne "
            "Vergleichsoperatoren. Aus einem Literal `\"abc\"` bekommst du einen Span mit 4 Elementen (inklusive `\\0`).\n\n"
            "Austauschbar also nur bedingt: für Text `string_view`, für Bytes/Binärdaten eher `std::span<const std::byte>`."
        )
        s.user("Ah, das mit dem \\0 wusste ich nicht. Danke!")
        s.say("Gern geschehen.")

    @session("g09-japanese-chitchat-friday", "ledgerly", "2026-10-16T17:30:00", [], NONE)
    def _(s):
        s.user("お疲れさまです。今週は長かった…金曜の夕方はもうコード読む気力がないです笑")
        s.say("お疲れさまです！金曜の夕方は仕方ないですね。今週は大きなマージもありましたし、ゆっくり休んでください。")
        s.user("ありがとう。月曜にまた続きお願いします。良い週末を！")
        s.say("はい、月曜にまたどうぞ。良い週末を！")

    @session("g10-portuguese-bump-version-code", "ledgerly", "2026-10-19T11:00:00", [], NONE)
    def _(s):
        s.user("Sobe o versionCode pra 142 e o versionName pra 3.8.1, por favor")
        s.edit(
            "app/build.gradle.kts",
            '        versionCode = 141\n        versionName = "3.8.0"',
            '        versionCode = 142\n        versionName = "3.8.1"',
        )
        s.say("Pronto: `versionCode = 142`, `versionName = \"3.8.1\"` em `app/build.gradle.kts`.")
        s.user("valeu!")
        s.say("De nada!")

    @session("g11-green-test-run", "saltmarsh", "2026-10-20T13:25:00", [], NONE)
    def _(s):
        s.user("run the test suite pls")
        s.bash(
            "mix test",
            "Compiling 3 files (.ex)\nRunning ExUnit with seed: 418207, max_cases: 16\n\n"
            "........................................................................................\n"
            "..............................................\n"
            "Finished in 9.8 seconds (3.1s async, 6.7s sync)\n134 tests, 0 failures",
        )
        s.say("All green: 134 tests, 0 failures (9.8 s).")
        s.user("nice")
        s.say("🎉")

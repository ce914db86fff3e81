"""Eighth set, negatives (r01-r12): nothing in them is worth remembering. See _make_triage8.py."""

NONE: list[str] = []


def register(session):
    @session("r01-ref-watch-vs-read", "gannet", "2026-10-06T09:12:00", NONE)
    def _(s):
        s.user("quick one 🙂 inside an onPressed callback, ref.watch or ref.read? I always forget which one yells at you")
        s.say(
            "`ref.read`. Inside callbacks (onPressed, onTap, a `Future` you kick off) you want the value once, at the "
            "moment the callback runs, so `ref.read(provider)` or `ref.read(provider.notifier).doSomething()`.\n\n"
            "`ref.watch` belongs in `build` (or in another provider's body): it subscribes, so the widget rebuilds when "
            "the provider changes. Calling it in a callback doesn't crash, but Riverpod's lint (`riverpod_lint`) flags "
            "it, and it can register a dependency at a strange time.\n\nRule of thumb: watch in build, read in handlers, "
            "listen (`ref.listen`) for side effects like showing a snackbar."
        )
        s.user("right, that's the one the lint yells about. ta")
        s.say("Yes, `avoid_ref_read_inside_build` / `avoid_ref_watch_outside_build` depending on which way round. 👍")

    @session("r02-ntp-template-typo", "kestrel", "2026-10-07T14:40:00", NONE)
    def _(s):
        s.user("templates/junos/system.j2 has ntp server 'ntp1.kestrel.ent' should be .net. fix")
        s.grep(
            "kestrel\\.ent",
            "templates/junos/system.j2:14:    server ntp1.kestrel.ent;",
            path="templates",
        )
        s.edit("templates/junos/system.j2", "    server ntp1.kestrel.ent;", "    server ntp1.kestrel.net;")
        s.say("Fixed on line 14 of `templates/junos/system.j2`; it was the only occurrence.")

    @session("r03-mill-demo-went-fine", "loomwright", "2026-10-08T08:05:00", NONE)
    def _(s):
        s.user(
            "Good morning. Just wanted to say the demo of the dye-house screens to the mill manager went well "
            "yesterday. He was mostly impressed that the tablets in the dye house show the recipe without anyone "
            "printing anything. Nothing to do today on that, I'm only catching up on email."
        )
        s.say(
            "Good morning, and that's good to hear. Getting rid of the printed recipe sheets was the part most likely "
            "to matter on the floor, so it's nice that it landed. Enjoy the email backlog; I'm here when you want to "
            "pick something up."
        )
        s.user("Ha, thank you. Later maybe.")
        s.say("Sure.")

    @session("r04-aunit-run-after-merge", "tamarack", "2026-10-09T10:30:00", NONE)
    def _(s):
        s.user("pls run the unit tests, i merged elodie branch before and want to see all is still ok")
        s.bash(
            "gprbuild -P tests/harness.gpr -j2 -q && ./tests/obj/test_runner",
            "OK Route_Locking : Lock_Conflicting_Route_Rejected\nOK Route_Locking : Release_After_Train_Passed\n"
            "OK Route_Locking : Approach_Locking_Timer\nOK Points : Detection_Lost_Sets_Fault\nOK Points : Swing_Time_Exceeded\n"
            "OK Signals : Aspect_Downgrade_On_Track_Occupied\nOK Signals : Lamp_Proving_Failure\n"
            "OK Overlap : Swinging_Overlap_Released\n...\nTotal Tests Run:   148\nSuccessful Tests:  148\n"
            "Failed Assertions: 0\nUnexpected Errors: 0",
            description="Build and run the AUnit harness",
        )
        s.say("All 148 AUnit tests pass after the merge, no failed assertions and no unexpected errors.")
        s.user("perfect thx")
        s.say("You're welcome.")

    @session("r05-offline-tickets-at-the-pier", "gannet", "2026-10-12T16:20:00", NONE)
    def _(s):
        s.user(
            "the ops people keep asking whether tickets work with no signal at the pier at Inishmaan (there's basically "
            "none there). can you explain me the options so I can explain them? not building anything today, just "
            "need to sound like I know what I'm talking about on thursday 😅"
        )
        s.read(
            "lib/features/tickets/ticket_repository.dart",
            "class TicketRepository {\n  TicketRepository(this._db, this._api);\n  final FirebaseFirestore _db;\n"
            "  final BookingApi _api;\n\n  Stream<List<Ticket>> watchUpcoming(String uid) => _db\n"
            "      .collection('users/$uid/tickets')\n      .where('departure', isGreaterThan: Timestamp.now())\n"
            "      .snapshots()\n      .map((q) => q.docs.map(Ticket.fromDoc).toList());\n}",
        )
        s.say(
            "Today the tickets come from a Firestore stream. Firestore keeps its own offline cache on the phone, so a "
            "ticket that was opened once while online usually still shows at the pier. \"Usually\" is the problem: the "
            "cache can be evicted and a fresh install has nothing.\n\nThree ways people do this:\n\n"
            "1. **Trust Firestore's cache** (what you have). Zero work; fails for new installs and after the OS clears "
            "storage.\n2. **Save the ticket (with its QR payload) explicitly on the device** when it's bought, e.g. in "
            "a small local database. Works offline reliably; you have to handle refunds and changes syncing down.\n"
            "3. **Signed QR codes** the scanner can verify offline (the QR contains booking id + sailing + a signature). "
            "The passenger side then needs nothing but an image; the crew's scanner needs the public key and a "
            "revocation list it refreshes when it has signal.\n\n2 fixes the passenger side, 3 fixes the scanner side "
            "too. Costs go up in that order."
        )
        s.user("ok that's enough for thursday, I'll let them argue about it. thanks!")
        s.say("Good luck on Thursday.")

    @session("r06-ripe-atlas-credits-for-a-friend", "kestrel", "2026-10-13T11:02:00", NONE)
    def _(s):
        s.user(
            "unrelated to our stuff. a friend runs a tiny wisp and wants to use ripe atlas measurements from his "
            "monitoring. how do the credits work roughly, is there a daily cap"
        )
        s.say(
            "Roughly:\n\n- You **earn** credits by hosting a probe or an anchor (a connected probe earns a fixed amount "
            "per hour of uptime) and you can receive credits transferred from other users.\n- You **spend** credits "
            "per result: each measurement type has a cost per result (ping and traceroute are cheap, traceroute a bit "
            "more), multiplied by the number of probes and how often it runs.\n- There are caps besides the balance: a "
            "daily spending limit per user, limits on how many measurements you can have running at once, and a "
            "limit on how many results a single measurement can produce per day. The exact numbers are on the RIPE "
            "Atlas docs page on credits and they've changed over the years, so he should check the current ones.\n\n"
            "For continuous monitoring from a handful of probes he'll be fine; it's the 'every probe in the country "
            "every minute' designs that hit the caps."
        )
        s.user("cool, forwarding that")
        s.say("👍")

    @session("r07-read-todo-md", "loomwright", "2026-10-14T13:15:00", NONE)
    def _(s):
        s.user("Could you read me what's in TODO.md in the repo root? I don't remember what I wrote there before the holidays.")
        s.read(
            "TODO.md",
            "# loose ends\n\n- mill_dyehouse: recipe PDF still shows grams with 3 decimals\n"
            "- ask Joana whether quality holds block the delivery or only warn\n- translations pt_PT for the new screens\n"
            "- check the 16.0 -> 17.0 migration script on a copy of prod before we do it for real\n",
        )
        s.say(
            "Four items:\n\n1. `mill_dyehouse`: the recipe PDF still prints grams with three decimals.\n2. Ask Joana "
            "whether a quality hold blocks the delivery or only warns.\n3. Portuguese (pt_PT) translations for the new "
            "screens.\n4. Try the 16.0 -> 17.0 migration script on a copy of production before running it for real."
        )
        s.user("Right, thanks. I'll go through them later.")
        s.say("Sure.")

    @session("r08-review-level-crossing-branch", "tamarack", "2026-10-15T09:40:00", NONE)
    def _(s):
        s.user("can you look at sungmin branch feature/level-crossing-timers, only review, dont change anything. he asked me and i have no time")
        s.bash(
            "git diff --stat develop...origin/feature/level-crossing-timers",
            " src/level_crossings.adb         | 64 ++++++++++++++++++++++++-----\n src/level_crossings.ads         | 12 +++++-\n"
            " tests/test_level_crossings.adb  | 88 +++++++++++++++++++++++++++++++++++++++\n 3 files changed, 152 insertions(+), 12 deletions(-)",
        )
        s.bash(
            "git diff develop...origin/feature/level-crossing-timers -- src/level_crossings.ads",
            "+   Warning_Time : constant Duration := 24.0;\n+\n+   procedure Start_Closure (LC : in out Crossing; Now : Time)\n"
            "+     with Pre  => LC.State = Open,\n+          Post => LC.State = Warning and LC.Closure_Start = Now;",
        )
        s.bash(
            "git diff develop...origin/feature/level-crossing-timers -- src/level_crossings.adb | head -60",
            "+   procedure Start_Closure (LC : in out Crossing; Now : Time) is\n+   begin\n+      LC.State := Warning;\n"
            "+      LC.Closure_Start := Now;\n+   end Start_Closure;\n...\n+      if Now - LC.Closure_Start >= Warning_Time then\n"
            "+         LC.State := Barriers_Lowering;",
        )
        s.say(
            "Review of `feature/level-crossing-timers` (nothing changed locally):\n\n- The contract on `Start_Closure` "
            "is good and matches the body.\n- `Warning_Time` is a constant in the spec; if different crossings have "
            "different warning times in the scenario files this will need to move into `Crossing`. Worth asking him.\n"
            "- The new tests cover the normal closure and the timer edge (exactly 24.0 s). There's no test for a "
            "train cancelling the closure during `Warning`.\n- Style matches the rest of the package.\n\nI'd approve "
            "with the question about per-crossing warning times."
        )
        s.user("ok i copy this to him")
        s.say("👍")

    @session("r09-de-qualitaetspruefung-oca-oder-eigen", "loomwright", "2026-10-16T07:50:00", NONE)
    def _(s):
        s.user(
            "Kurze Frage zur Qualitätsprüfung: Sollen wir das OCA-Modul quality_control_oca nehmen oder das selbst "
            "bauen? Ich will nur die Vor- und Nachteile sehen, bevor ich mit der Produktion rede."
        )
        s.bash(
            "ls addons/oca/ && grep -n \"version\" addons/oca/quality_control_oca/__manifest__.py",
            "account_financial_report  partner_contact  quality_control_oca  stock_logistics_warehouse  web\n"
            "    \"version\": \"17.0.1.0.2\",",
        )
        s.say(
            "Das OCA-Modul liegt schon als Submodul im Repo (Version 17.0.1.0.2).\n\n**quality_control_oca**\n"
            "- Fertig: Prüfpläne, Prüfpunkte, Auslöser bei Wareneingang/Fertigung, Ergebnisse pro Los.\n- Wird von "
            "der OCA gepflegt, Migrationen auf 18.0 kommen meist mit.\n- Dafür eigene Begriffe und Masken, die die "
            "Färberei umlernen müsste, und Anpassungen laufen über Vererbung.\n\n**Eigenes Modul**\n- Genau die drei "
            "Prüfungen, die ihr heute auf Papier macht (Farbabweichung, Reißfestigkeit, Gewicht pro Meter).\n- Weniger "
            "Code am Anfang, aber jede Erweiterung und jede Migration liegt bei euch.\n\nWenn die Produktion mehr als "
            "diese drei Prüfungen will, spricht viel für OCA; wenn es bei den drei bleibt, ist das eigene Modul "
            "überschaubar."
        )
        s.user("Danke. Das entscheiden wir Donnerstag mit der Produktionsleitung, bis dahin lassen wir es.")
        s.say("Alles klar, dann bis nach Donnerstag.")

    @session("r10-saturday-fare-customer-report", "gannet", "2026-10-19T12:10:00", NONE)
    def _(s):
        s.user(
            "bug report from a customer 🐛: \"same crossing costs €4 more on saturday than on tuesday, your app is "
            "broken\". can you check the price calc?"
        )
        s.grep(
            "weekend",
            "functions/src/pricing/fare.ts:31:  const weekend = isWeekendSailing(sailing.departure, 'Europe/Dublin');\n"
            "functions/src/pricing/fare.ts:32:  if (weekend) total += rules.weekendSupplementCents * passengers.adults;\n"
            "docs/pricing.md:18:Weekend sailings (Sat/Sun, Irish time) carry the supplement in `fare_rules.weekendSupplementCents` (currently 400).",
        )
        s.read(
            "docs/pricing.md",
            "# Fares\n\n...\n## Supplements\n\nWeekend sailings (Sat/Sun, Irish time) carry the supplement in "
            "`fare_rules.weekendSupplementCents` (currently 400).\nSet by the operator's published fare table; the app "
            "shows it as a separate line on the summary screen.",
        )
        s.say(
            "That's working as intended: Saturday and Sunday sailings get the weekend supplement, 400 cents per adult, "
            "from `fare_rules`, exactly as `docs/pricing.md` describes, and it's the operator's published fare. The "
            "summary screen lists it as its own line, so the customer can see it there. Nothing to fix in the code."
        )
        s.user("ha ok, I'll reply to them with a screenshot of the fare table")
        s.say("Sounds good.")

    @session("r11-pt-compute-store-true", "loomwright", "2026-10-20T15:00:00", NONE)
    def _(s):
        s.user(
            "Oi! Dúvida rápida: um campo computado com store=True, quando ele é recalculado exatamente? Só quando muda "
            "algum campo do @api.depends?"
        )
        s.say(
            "Isso. Com `store=True` o valor fica no banco e o ORM só recalcula quando algum campo listado no "
            "`@api.depends` muda (inclusive caminhos como `'line_ids.qty'`, que disparam quando uma linha muda, é "
            "criada ou apagada). Se você esquecer uma dependência, o valor fica desatualizado sem erro nenhum.\n\n"
            "Dois detalhes:\n- Mudanças feitas por SQL direto não disparam nada; aí precisa invalidar/recalcular na mão.\n"
            "- Ao instalar o módulo ou adicionar o campo, o Odoo calcula para todos os registros existentes, o que "
            "pode demorar em tabelas grandes.\n\nSem `store=True`, o cálculo roda toda vez que o campo é lido."
        )
        s.user("Perfeito, valeu!")
        s.say("De nada!")

    @session("r12-ko-points-comment-typo", "tamarack", "2026-10-21T02:30:00", NONE)
    def _(s):
        s.user("src/points.ads 주석에 'detecton' 오타 있어요. 고쳐 주세요")
        s.grep("detecton", "src/points.ads:22:   --  Raised when detecton is lost for longer than Detection_Grace.", path="src")
        s.edit(
            "src/points.ads",
            "   --  Raised when detecton is lost for longer than Detection_Grace.",
            "   --  Raised when detection is lost for longer than Detection_Grace.",
        )
        s.say("`src/points.ads` 22번째 줄 주석의 오타를 고쳤습니다. 다른 곳에는 없습니다.")

"""Third held-out set: sessions where nothing should be captured (k01-k11)."""


def register(session):
    @session("k01-question-preload-vs-includes", "fernbill", "2026-10-05T09:14:00", [])
    def _(s):
        s.user("quick one, whats the actual difference between includes and preload in AR? I always forget which one does the JOIN")
        s.say(
            "`preload` always runs a separate query per association (`SELECT * FROM line_items WHERE invoice_id IN (...)`).\n"
            "`eager_load` always does one query with a `LEFT OUTER JOIN`.\n"
            "`includes` picks for you: separate queries by default, but it switches to the JOIN as soon as you "
            "reference the associated table in a `where`/`order` string (or call `references`).\n\n"
            "So `Invoice.includes(:line_items).where(line_items: { taxable: true })` becomes a JOIN; "
            "`Invoice.includes(:line_items)` alone is two queries."
        )
        s.user("ahh references, right. thx")
        s.say("You're welcome.")

    @session("k02-trivial-start-button-typo", "stridewise", "2026-10-05T11:02:00", [])
    def _(s):
        s.user("typo on the main screen, says 'Sart run'. fix pls")
        s.tool("Grep", {"pattern": "Sart run", "output_mode": "content", "-n": True},
               "Stridewise/Views/HomeView.swift:41:                Text(\"Sart run\")")
        s.edit("Stridewise/Views/HomeView.swift", '                Text("Sart run")', '                Text("Start run")')
        s.say("Fixed in `HomeView.swift:41`.")

    @session("k03-chitchat-friday-deploy-meme", "glyphc", "2026-10-09T16:40:00", [])
    def _(s):
        s.user("friday 16:40. not touching anything. how's your week been lol")
        s.say("Quiet on my side, I only exist when you open a terminal. Sensible call on not touching anything at 16:40 on a Friday. Enjoy the weekend.")
        s.user("ha. see you monday")
        s.say("See you Monday.")

    @session("k04-arena-vs-rc-ast-undecided", "glyphc", "2026-10-12T10:20:00", [])
    def _(s):
        s.user("thinking about how the AST owns its nodes. Box everywhere now. arena (bumpalo / typed-arena) vs Rc<Node>? pros cons, short")
        s.read("src/ast.rs", "pub enum Expr {\n    Lit(Literal),\n    Var(Ident),\n    Call(Box<Expr>, Vec<Expr>),\n    Pipe(Box<Expr>, Box<Expr>),\n    If(Box<Expr>, Box<Expr>, Option<Box<Expr>>),\n}")
        s.say(
            "**Arena (`typed-arena` / `bumpalo`)**\n"
            "+ one allocation region, freeing the whole tree is O(1), nodes are `&'a Expr`, cheap to copy\n"
            "+ cache-friendly, usually noticeably faster to build\n"
            "- a lifetime `'a` threads through every pass and through the LSP's document store\n"
            "- can't free part of a tree (matters for incremental reparse)\n\n"
            "**`Rc<Node>`**\n"
            "+ sharing subtrees across incremental reparses is easy\n"
            "+ no lifetimes in signatures\n"
            "- refcount traffic, `Rc` is `!Send` (so `Arc` if the LSP goes multi-threaded)\n\n"
            "A third option is indices into a `Vec<Expr>` (`ExprId(u32)`), like rust-analyzer's HIR: no lifetimes, `Send`, compact, but you lose pattern matching on nested boxes."
        )
        s.user("hm. the index one is tempting but it's a big rewrite. not deciding this today, want to see how the lsp incremental stuff shapes up first")
        s.say("Makes sense; the incremental-reparse needs are what would tip it. Nothing changed in the code.")

    @session("k05-osm-tile-policy-curiosity", "canopy", "2026-10-13T14:05:00", [])
    def _(s):
        s.user(
            "Not for our app (we run our own tiles), just curious for a talk I'm giving at the local meetup: why do people "
            "get blocked by tile.openstreetmap.org? Someone in the audience last time asked and I didn't know."
        )
        s.say(
            "tile.openstreetmap.org is run by the OSM Foundation on donated servers, and its tile usage policy is aimed at "
            "light, interactive use. The usual reasons people get blocked:\n\n"
            "- **No or a generic User-Agent / Referer**: the policy asks for an identifying one; default library UAs get blocked.\n"
            "- **Bulk downloading / prefetching** tiles for offline use, which the policy forbids.\n"
            "- **Ignoring cache headers**: apps that re-fetch on every view instead of caching for the period the headers say.\n"
            "- **Heavy traffic** from a commercial app; the policy says such apps should use a commercial provider or host their own tiles.\n\n"
            "Blocked clients usually get a 418/403 or a \"tile usage policy\" image instead of map tiles."
        )
        s.user("nice, the teapot status is a fun detail for the slides. merci")
        s.say("Glad it helps. Good luck with the talk.")

    @session("k06-read-todo-md", "fernbill", "2026-10-14T08:50:00", [])
    def _(s):
        s.user("whats left in TODO.md? just read it out, I'm on my phone-ish brain this morning")
        s.read("TODO.md", "# TODO\n\n- [ ] coupon stacking (ask Marta if allowed)\n- [x] annual plan toggle\n- [ ] CSV export of invoices\n- [ ] dark mode for the customer portal\n- [ ] move mailer previews to /rails/mailers\n- [ ] check Heroku stack upgrade date")
        s.say(
            "Open items in `TODO.md`:\n\n1. Coupon stacking (ask Marta if it's allowed)\n2. CSV export of invoices\n3. Dark mode for the customer portal\n"
            "4. Move mailer previews to /rails/mailers\n5. Check the Heroku stack upgrade date\n\nThe annual plan toggle is ticked off."
        )
        s.user("k")
        s.say("👍")

    @session("k07-review-workout-pr-no-changes", "stridewise", "2026-10-15T13:30:00", [])
    def _(s):
        s.user("can u review Yuki branch feature/pace-zones? only look, dont change anything, I write comments myself in github")
        s.bash("git diff develop...feature/pace-zones --stat",
               " Stridewise/Models/PaceZone.swift          | 48 ++++++++++\n Stridewise/Views/ZonesView.swift          | 91 +++++++++++++++++++\n StridewiseTests/PaceZoneTests.swift       | 37 ++++++++\n 3 files changed, 176 insertions(+)")
        s.bash("git diff develop...feature/pace-zones -- Stridewise/Models/PaceZone.swift",
               "+struct PaceZone: Identifiable {\n+    let id = UUID()\n+    let name: String\n+    let lower: Double // sec per km\n+    let upper: Double\n+\n+    static func zones(thresholdPace: Double) -> [PaceZone] {\n+        [\n+            PaceZone(name: \"Easy\", lower: thresholdPace * 1.29, upper: .infinity),\n+            PaceZone(name: \"Tempo\", lower: thresholdPace * 1.06, upper: thresholdPace * 1.29),\n+            PaceZone(name: \"Threshold\", lower: thresholdPace * 0.97, upper: thresholdPace * 1.06),\n+            PaceZone(name: \"Interval\", lower: 0, upper: thresholdPace * 0.97),\n+        ]\n+    }\n+\n+    func contains(_ pace: Double) -> Bool { pace >= lower && pace < upper }\n+}")
        s.bash("git diff develop...feature/pace-zones -- StridewiseTests/PaceZoneTests.swift | head -40",
               "+    func testThresholdPaceFallsInThresholdZone() {\n+        let zones = PaceZone.zones(thresholdPace: 270)\n+        XCTAssertEqual(zones.first { $0.contains(270) }?.name, \"Threshold\")\n+    }")
        s.say(
            "Review notes (no changes made):\n\n"
            "1. `id = UUID()` makes every call to `zones(thresholdPace:)` produce new identities, so SwiftUI will treat the list as all-new on each recompute; `name` would be a stable id.\n"
            "2. The boundaries are half-open (`lower <= pace < upper`), good, but there's no test at an exact boundary (e.g. `270 * 1.06`).\n"
            "3. Pace in sec/km as `Double` is fine; a `typealias SecondsPerKm = Double` would make the units visible.\n"
            "4. `ZonesView` hard-codes colors per zone name; consider putting the color on `PaceZone`.\n\nOtherwise it reads well."
        )

    @session("k08-de-frage-lifetime-elision", "glyphc", "2026-10-16T09:05:00", [])
    def _(s):
        s.user("Kurze Frage: warum kompiliert `fn first(s: &str, t: &str) -> &str` nicht, aber mit nur einem Parameter schon?")
        s.say(
            "Wegen der Lifetime-Elision-Regeln: Hat eine Funktion genau **einen** Referenz-Parameter, bekommt die Rückgabe dessen Lifetime. "
            "Bei **zwei** Referenz-Parametern (und ohne `&self`) kann der Compiler nicht wissen, von welchem die Rückgabe abgeleitet ist, "
            "also musst du es hinschreiben:\n\n```rust\nfn first<'a>(s: &'a str, t: &str) -> &'a str { s }\n```\n\n"
            "Bei Methoden mit `&self` gilt die dritte Regel: die Rückgabe bekommt die Lifetime von `self`."
        )
        s.user("ah, die dritte Regel kannte ich nicht. danke")
        s.say("Gern.")

    @session("k09-fr-bavardage-vacances", "canopy", "2026-10-19T17:55:00", [])
    def _(s):
        s.user("Bon, je pars en vacances demain, deux semaines en Bretagne 🌊. Rien à faire ce soir, je voulais juste dire au revoir à mon terminal haha")
        s.say("Profite bien de la Bretagne ! Deux semaines sans PostGIS, ça fait du bien. Bonnes vacances.")
        s.user("merci ! à dans deux semaines")
        s.say("À bientôt !")

    @session("k10-ja-trivial-localizable-fix", "stridewise", "2026-10-20T10:10:00", [])
    def _(s):
        s.user("Localizable.strings の日本語で「ペース」が「ぺース」（ひらがなの「ぺ」）になってる。直してください")
        s.tool("Grep", {"pattern": "ぺース", "output_mode": "content", "-n": True, "path": "/Users/mateo/Developer/stridewise/Stridewise/ja.lproj"},
               "Stridewise/ja.lproj/Localizable.strings:27:\"pace.label\" = \"平均ぺース\";")
        s.edit("Stridewise/ja.lproj/Localizable.strings", '"pace.label" = "平均ぺース";', '"pace.label" = "平均ペース";')
        s.say("直しました。`ja.lproj/Localizable.strings` の27行目、「平均ぺース」→「平均ペース」です。他に同じ間違いはありませんでした。")

    @session("k11-long-rename-span-to-srcspan", "glyphc", "2026-10-21T14:00:00", [])
    def _(s):
        # a long mechanical refactor: no choice made, no wrap-up asked for or given
        s.user("rename Span -> SrcSpan everywhere. clashes with tracing::Span in the lsp crate")
        s.tool("Grep", {"pattern": "\\bSpan\\b", "output_mode": "files_with_matches"},
               "crates/syntax/src/span.rs\ncrates/syntax/src/lexer.rs\ncrates/syntax/src/parser.rs\ncrates/syntax/src/ast.rs\ncrates/check/src/diag.rs\ncrates/check/src/typeck.rs\ncrates/lsp/src/convert.rs")
        files = [
            ("crates/syntax/src/span.rs", "pub struct Span {", "pub struct SrcSpan {"),
            ("crates/syntax/src/span.rs", "impl Span {", "impl SrcSpan {"),
            ("crates/syntax/src/lexer.rs", "use crate::span::Span;", "use crate::span::SrcSpan;"),
            ("crates/syntax/src/lexer.rs", "    pub span: Span,", "    pub span: SrcSpan,"),
            ("crates/syntax/src/parser.rs", "use crate::span::Span;", "use crate::span::SrcSpan;"),
            ("crates/syntax/src/parser.rs", "fn span_from(&self, start: u32) -> Span {", "fn span_from(&self, start: u32) -> SrcSpan {"),
            ("crates/syntax/src/ast.rs", "pub type Spanned<T> = (T, Span);", "pub type Spanned<T> = (T, SrcSpan);"),
            ("crates/check/src/diag.rs", "use syntax::Span;", "use syntax::SrcSpan;"),
            ("crates/check/src/typeck.rs", "use syntax::{Expr, Span};", "use syntax::{Expr, SrcSpan};"),
            ("crates/lsp/src/convert.rs", "use syntax::Span as GSpan;", "use syntax::SrcSpan;"),
            ("crates/lsp/src/convert.rs", "pub fn to_range(text: &LineIndex, span: GSpan) -> Range {", "pub fn to_range(text: &LineIndex, span: SrcSpan) -> Range {"),
        ]
        for path, old, new in files:
            s.edit(path, old, new)
        s.edit("crates/syntax/src/lib.rs", "pub use span::Span;", "pub use span::SrcSpan;")
        s.bash("cargo check --workspace 2>&1 | tail -5",
               "error[E0412]: cannot find type `Span` in this scope\n  --> crates/check/src/diag.rs:88:22\n   |\n88 |     fn label(&self) -> Span {\n   |                        ^^^^ not found in this scope")
        s.edit("crates/check/src/diag.rs", "    fn label(&self) -> Span {", "    fn label(&self) -> SrcSpan {")
        s.bash("cargo check --workspace 2>&1 | tail -2 && cargo test --workspace -q 2>&1 | tail -3",
               "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 6.41s\ntest result: ok. 214 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.92s")
        s.say("Renamed `Span` to `SrcSpan` in 8 files (the `GSpan` alias in the lsp crate is gone too); workspace checks and all 214 tests pass.")
        s.user("k. also the span.rs test names")
        s.bash("sed -i 's/fn span_/fn src_span_/' crates/syntax/src/span.rs && grep -n 'fn src_span_' crates/syntax/src/span.rs",
               "61:    fn src_span_merge_is_commutative() {\n74:    fn src_span_len_of_empty_is_zero() {")
        s.bash("cargo test -p syntax -q 2>&1 | tail -1", "test result: ok. 97 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.44s")
        s.say("Done, both tests renamed and passing.")

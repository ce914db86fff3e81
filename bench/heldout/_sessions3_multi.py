"""Third held-out set: English sessions with two or three categories (k30-k36), two of them long."""


def register(session):
    @session("k30-decision-constraint-wfs-cap-lambert93", "canopy", "2026-10-24T09:15:00", ["decision", "constraint"])
    def _(s):
        s.user(
            "I'd like to replace the weekly CSV the parks department emails us with a direct pull from the city's WFS "
            "(https://geo.ville.example/wfs, layer `espaces_verts:arbres`). Two things I need your help with. First, their GIS people "
            "told me the server returns at most 1,000 features per GetFeature request and they will block clients that don't page. "
            "Second, their data is in Lambert-93 (EPSG:2154) and ours is stored in 4326. Could you look at how we store things and "
            "tell me what the options are for the CRS?"
        )
        s.bash("curl -s 'https://geo.ville.example/wfs?service=WFS&version=2.0.0&request=GetFeature&typeNames=espaces_verts:arbres&resultType=hits'",
               "<wfs:FeatureCollection numberMatched=\"48213\" numberReturned=\"0\" timeStamp=\"2026-10-24T09:17:02Z\"/>")
        s.tool("Grep", {"pattern": "srid|Transform\\(|ST_Area|ST_Distance", "output_mode": "content", "-n": True, "path": "/srv/dev/canopy/inventory"},
               "inventory/models.py:14:    location = models.PointField(srid=4326)\ninventory/models.py:40:    crown = models.PolygonField(srid=4326, null=True)\ninventory/reports.py:22:        .annotate(area=Area(Transform('crown', 2154)))\ninventory/reports.py:51:        .annotate(d=Distance(Transform('location', 2154), ref))")
        s.say(
            "48,213 trees, so about 49 pages of 1,000.\n\nOn the CRS, two options:\n\n"
            "1. **Keep 4326 in the database**, reproject the WFS data on import. No migration. But every metric computation already "
            "transforms to 2154 on the fly (`reports.py` lines 22 and 51), so we pay a transform per row in every report, and indexes on "
            "`location` don't help distance queries in metres.\n"
            "2. **Store in 2154**, import as-is, transform to 4326 only at the API/tile edge. Area and distance become plain index-backed "
            "operations; the migration rewrites two geometry columns (about 50k rows, seconds). The API serializers and Martin config need "
            "`ST_Transform(..., 4326)`.\n\n"
            "Lambert-93 only covers metropolitan France, which is all we have."
        )
        s.user("Let's do the second one. The reports are what the parks people actually use, and they're slow.")
        s.write("inventory/migrations/0032_store_geometry_in_lambert93.py",
                "from django.contrib.gis.db import models\nfrom django.db import migrations\n\n\nclass Migration(migrations.Migration):\n    dependencies = [(\"inventory\", \"0031_tree_planted_on\")]\n\n    operations = [\n        migrations.RunSQL(\n            \"ALTER TABLE inventory_tree ALTER COLUMN location TYPE geometry(Point, 2154) USING ST_Transform(location, 2154);\"\n            \"ALTER TABLE inventory_tree ALTER COLUMN crown TYPE geometry(Polygon, 2154) USING ST_Transform(crown, 2154);\",\n            reverse_sql=\"ALTER TABLE inventory_tree ALTER COLUMN location TYPE geometry(Point, 4326) USING ST_Transform(location, 4326);\"\n            \"ALTER TABLE inventory_tree ALTER COLUMN crown TYPE geometry(Polygon, 4326) USING ST_Transform(crown, 4326);\",\n            state_operations=[\n                migrations.AlterField(\"tree\", \"location\", models.PointField(srid=2154)),\n                migrations.AlterField(\"tree\", \"crown\", models.PolygonField(srid=2154, null=True)),\n            ],\n        ),\n    ]\n")
        s.edit("inventory/reports.py", "        .annotate(area=Area(Transform('crown', 2154)))", "        .annotate(area=Area('crown'))")
        s.edit("inventory/reports.py", "        .annotate(d=Distance(Transform('location', 2154), ref))", "        .annotate(d=Distance('location', ref))")
        s.edit("deploy/martin.yaml", "      srid: 4326", "      srid: 2154")
        s.write("inventory/wfs.py",
                "\"\"\"Pull the city's tree layer from its WFS.\n\nThe city's server returns at most 1,000 features per GetFeature request and blocks clients that\ndon't page, so every request pages with count/startIndex.\n\"\"\"\nimport requests\n\nWFS = \"https://geo.ville.example/wfs\"\nPAGE = 1000  # the server's hard maximum\n\n\ndef fetch_trees(session=requests):\n    start = 0\n    while True:\n        r = session.get(WFS, params={\n            \"service\": \"WFS\", \"version\": \"2.0.0\", \"request\": \"GetFeature\",\n            \"typeNames\": \"espaces_verts:arbres\", \"outputFormat\": \"application/json\",\n            \"count\": PAGE, \"startIndex\": start, \"sortBy\": \"gid\",\n        }, timeout=60)\n        r.raise_for_status()\n        feats = r.json()[\"features\"]\n        yield from feats\n        if len(feats) < PAGE:\n            return\n        start += PAGE\n")
        s.bash("python manage.py migrate inventory && pytest inventory -q 2>&1 | tail -2",
               "  Applying inventory.0032_store_geometry_in_lambert93... OK\n........................................\n41 passed in 9.12s")
        s.bash("python manage.py shell -c \"from inventory.wfs import fetch_trees; print(sum(1 for _ in fetch_trees()))\"", "48213")
        s.say("Geometry is stored in EPSG:2154 now (migration 0032; reports no longer transform; Martin publishes the 2154 table and reprojects for tiles). `inventory/wfs.py` pages 1,000 at a time, sorted by `gid` so pages are stable, and fetched all 48,213 trees. The report tests pass; the importer itself comes next.")

    @session("k31-runbook-tech-debt-stripe-secret-rotation", "fernbill", "2026-10-26T14:00:00", ["runbook", "tech_debt"], maybe=("decision",))
    def _(s):
        s.user(
            "every webhook 400 since 1h. I rolled the signing secret in Stripe dashboard this morning bc it leaked in a screenshot 🤦‍♀️ "
            "and put the new one in heroku config. log:\n```\nStripe::SignatureVerificationError (No signatures found matching the expected signature for payload)\n  app/controllers/stripe_webhooks_controller.rb:5:in `create'\n```"
        )
        s.bash("heroku config:get -a fernbill-prod STRIPE_WEBHOOK_SECRET | cut -c1-12", "whsec_9fK2Lq")
        s.tool("Grep", {"pattern": "webhook_secret|STRIPE_WEBHOOK", "output_mode": "content", "-n": True},
               "app/controllers/stripe_webhooks_controller.rb:5:    event = Stripe::Webhook.construct_event(request.body.read, request.headers['Stripe-Signature'], Rails.application.credentials.stripe[:webhook_secret])\nconfig/initializers/stripe.rb:3:Stripe.api_key = ENV.fetch('STRIPE_SECRET_KEY')")
        s.say("The controller doesn't read `STRIPE_WEBHOOK_SECRET` from the environment any more: since some change it reads `credentials.stripe[:webhook_secret]` from the encrypted credentials file, which still has the old (rolled) secret. So updating Heroku config did nothing.")
        s.bash("git log -S'credentials.stripe[:webhook_secret]' --oneline -- app/controllers/stripe_webhooks_controller.rb", "a41be09 Move Stripe webhook secret to credentials")
        s.bash("EDITOR='sed -i \"s/webhook_secret: whsec_.*/webhook_secret: $NEW_WHSEC/\"' bin/rails credentials:edit --environment production && git add config/credentials/production.yml.enc && git commit -qm 'Rotate Stripe webhook secret' && git push -q heroku main 2>&1 | tail -1",
               "remote: Verifying deploy... done.")
        s.bash("stripe trigger invoice.paid --api-key $STRIPE_TEST_KEY >/dev/null && heroku logs -a fernbill-prod -n 200 | grep -c 'POST /stripe/webhooks.*status=200'", "3")
        s.bash("stripe events resend --since 2h --type 'invoice.*' --live 2>&1 | tail -1", "Resent 27 events")
        s.say("Webhooks return 200 again and the 27 invoice events from the last two hours are resent. For the next rotation: the secret lives in `config/credentials/production.yml.enc`, not in Heroku config, so rotate it there and deploy; `stripe trigger` + the log grep confirm it.")
        s.user(
            "ok so now half our Stripe secrets are in credentials and half in ENV, that's how this happened. we should put them all in one place "
            "but I'm not doing it in the middle of an incident, and Marta has a PR open on the initializers. after her PR lands"
        )
        s.say("Understood. Current split for whoever picks it up: `STRIPE_SECRET_KEY` and `STRIPE_PUBLISHABLE_KEY` in ENV, webhook secret in production credentials, the stale `STRIPE_WEBHOOK_SECRET` config var still set on Heroku but unused (I left it, removing it is part of that cleanup).")

    @session("k32-decision-preference-codespan-lowercase", "glyphc", "2026-10-27T10:00:00", ["decision", "preference"])
    def _(s):
        s.user("diagnostics rendering. we print `error at 3:14: ...` now. want snippets with carets. ariadne / miette / codespan-reporting")
        s.say(
            "- **ariadne**: prettiest output, multi-label with colors; API is builder-heavy, and it has had breaking releases often.\n"
            "- **miette**: a whole error framework (derive `Diagnostic`, fancy handler), pulls in `owo-colors`, `supports-*`, `backtrace`, `textwrap`…; best when errors flow through `Result` everywhere.\n"
            "- **codespan-reporting**: small, stable for years, plain `Diagnostic::error().with_labels(...)`; output is rustc-like. Less pretty than ariadne."
        )
        s.user("codespan. small + stable. miette is a framework, don't want that")
        s.bash("cargo add -p check codespan-reporting@0.11", "    Updating crates.io index\n      Adding codespan-reporting v0.11.1 to dependencies")
        s.write("crates/check/src/render.rs",
                "use codespan_reporting::diagnostic::{Diagnostic, Label};\nuse codespan_reporting::files::SimpleFile;\nuse codespan_reporting::term::{self, termcolor::StandardStream};\n\nuse crate::diag::Diag;\n\npub fn emit(file: &SimpleFile<&str, &str>, diags: &[Diag], out: &mut StandardStream) {\n    let config = term::Config::default();\n    for d in diags {\n        let diag = Diagnostic::error()\n            .with_message(&d.message)\n            .with_labels(vec![Label::primary((), d.span.range()).with_message(&d.label)]);\n        term::emit(out, &config, file, &diag).expect(\"write to terminal\");\n    }\n}\n")
        s.bash("cargo run -q -- check examples/type_error.glyph 2>&1",
               "error: Cannot apply filter `upper` to a value of type int.\n  ┌─ examples/type_error.glyph:3:14\n  │\n3 │ {{ count | upper }}\n  │            ^^^^^ Expected str.")
        s.user("messages: lowercase start, no period at end. rustc style. same for labels. always, every message in this repo")
        s.tool("Grep", {"pattern": "message: format!\\(\"[A-Z]|label: format!\\(\"[A-Z]", "output_mode": "count"}, "crates/check/src/typeck.rs:19\ncrates/check/src/resolve.rs:7\ncrates/syntax/src/parser.rs:11")
        s.bash("sed -i -E 's/(message|label): format!\\(\"([A-Z])/\\1: format!(\"\\L\\2/' crates/check/src/typeck.rs crates/check/src/resolve.rs crates/syntax/src/parser.rs && sed -i -E 's/\\.\"(, |\\))/\"\\1/' crates/check/src/typeck.rs crates/check/src/resolve.rs crates/syntax/src/parser.rs && git diff --stat",
               " crates/check/src/resolve.rs |  7 +++----\n crates/check/src/typeck.rs  | 19 ++++++++--------\n crates/syntax/src/parser.rs | 11 ++++-----\n 3 files changed, 37 insertions(+), 37 deletions(-)")
        s.bash("cargo insta test --accept -q 2>&1 | tail -2", "insta review finished\naccepted: 23 snapshots")
        s.bash("cargo run -q -- check examples/type_error.glyph 2>&1 | head -5",
               "error: cannot apply filter `upper` to a value of type int\n  ┌─ examples/type_error.glyph:3:14\n  │\n3 │ {{ count | upper }}\n  │            ^^^^^ expected str")
        s.say("Rendering goes through codespan-reporting now, and all 37 messages/labels start lowercase without a trailing period (23 snapshots updated).")

    @session("k33-summary-decision-runbook-watch-sync-long", "stridewise", "2026-10-28T09:30:00", ["session_summary", "decision", "runbook"], maybe=("tech_debt",))
    def _(s):
        s.user("today watch side of intervals with yuki watching. first question: how send plan to watch. sendMessage or transferUserInfo or application context?")
        s.say(
            "- `sendMessage`: immediate, but only when the counterpart is reachable (watch app in foreground); fails otherwise.\n"
            "- `updateApplicationContext`: only the latest dictionary is kept; good for \"current state\", delivered when the watch app next runs.\n"
            "- `transferUserInfo`: queued, delivered in order even if the watch app isn't running, survives restarts; not instant.\n\n"
            "For a plan made on the phone, possibly the night before, queued delivery matters more than latency."
        )
        s.user("transferUserInfo. people make plan evening and run morning without open phone app")
        s.tool("Grep", {"pattern": "WCSession", "output_mode": "files_with_matches"}, "Stridewise/Sync/WatchBridge.swift\nStridewiseWatch/WatchSession.swift")
        s.read("Stridewise/Sync/WatchBridge.swift", "import WatchConnectivity\n\nfinal class WatchBridge: NSObject, WCSessionDelegate {\n    static let shared = WatchBridge()\n    func activate() {\n        guard WCSession.isSupported() else { return }\n        WCSession.default.delegate = self\n        WCSession.default.activate()\n    }\n}")
        s.edit("Stridewise/Sync/WatchBridge.swift", "        WCSession.default.activate()\n    }",
               "        WCSession.default.activate()\n    }\n\n    func send(plan: IntervalPlan, id: UUID) throws {\n        let data = try JSONEncoder().encode(plan)\n        WCSession.default.transferUserInfo([\"kind\": \"intervalPlan\", \"id\": id.uuidString, \"plan\": data])\n    }")
        s.read("StridewiseWatch/WatchSession.swift", "final class WatchSession: NSObject, WCSessionDelegate, ObservableObject {\n    @Published var plans: [UUID: IntervalPlan] = [:]\n    func session(_ session: WCSession, activationDidCompleteWith state: WCSessionActivationState, error: Error?) {}\n}")
        s.edit("StridewiseWatch/WatchSession.swift", "    func session(_ session: WCSession, activationDidCompleteWith state: WCSessionActivationState, error: Error?) {}",
               "    func session(_ session: WCSession, activationDidCompleteWith state: WCSessionActivationState, error: Error?) {}\n\n    func session(_ session: WCSession, didReceiveUserInfo info: [String: Any] = [:]) {\n        guard info[\"kind\"] as? String == \"intervalPlan\",\n              let id = (info[\"id\"] as? String).flatMap(UUID.init),\n              let data = info[\"plan\"] as? Data,\n              let plan = try? JSONDecoder().decode(IntervalPlan.self, from: data) else { return }\n        DispatchQueue.main.async { self.plans[id] = plan }\n    }")
        s.bash("xcodebuild build -scheme StridewiseWatch -destination 'platform=watchOS Simulator,name=Apple Watch Series 9 (45mm)' -quiet 2>&1 | tail -3",
               "StridewiseWatch/WatchSession.swift:12:51: error: cannot find type 'IntervalPlan' in scope")
        s.say("`IntervalPlan` is only in the iOS target. Adding the file to the watch target's membership too (it's pure Foundation).")
        s.edit("Stridewise.xcodeproj/project.pbxproj", "\t\tA81F2C0D2AE0 /* IntervalPlan.swift in Sources */ = {isa = PBXBuildFile; fileRef = A81F2C0C2AE0 /* IntervalPlan.swift */; };",
               "\t\tA81F2C0D2AE0 /* IntervalPlan.swift in Sources */ = {isa = PBXBuildFile; fileRef = A81F2C0C2AE0 /* IntervalPlan.swift */; };\n\t\tA81F2C0E2AE0 /* IntervalPlan.swift in Sources (watch) */ = {isa = PBXBuildFile; fileRef = A81F2C0C2AE0 /* IntervalPlan.swift */; };")
        s.bash("xcodebuild build -scheme StridewiseWatch -destination 'platform=watchOS Simulator,name=Apple Watch Series 9 (45mm)' -quiet 2>&1 | tail -1", "** BUILD SUCCEEDED **")
        s.bash("xcrun simctl list pairs | head -6", "== Device Pairs ==\n5C1E...: (unpaired)\n    Watch: Apple Watch Series 9 (45mm) (B2F7...) (Shutdown)\n    Phone: iPhone 15 (91AA...) (Shutdown)")
        s.user("yuki says on her mac the plan never arrive in watch simulator, isReachable false always, activationState activated. same code")
        s.bash("xcrun simctl list pairs | grep -A2 -i 'active'", "")
        s.say("On your machine the pair shows `(unpaired)` too; a watch simulator that is not in an *active, connected* pair never receives WatchConnectivity transfers, even though activation reports success. Creating a fresh pair and booting both:")
        s.bash("xcrun simctl pair 'Apple Watch Series 9 (45mm)' 'iPhone 15' && xcrun simctl list pairs | head -4",
               "7E02D9A1-...\n== Device Pairs ==\n7E02D9A1-...: (active, disconnected)\n    Watch: Apple Watch Series 9 (45mm) (B2F7...) (Shutdown)")
        s.bash("xcrun simctl boot 'iPhone 15' && xcrun simctl boot 'Apple Watch Series 9 (45mm)' && sleep 20 && xcrun simctl list pairs | head -2",
               "== Device Pairs ==\n7E02D9A1-...: (active, connected)")
        s.bash("xcodebuild test -scheme StridewiseWatchSyncUITests -destination 'platform=iOS Simulator,name=iPhone 15' 2>&1 | tail -2",
               "\t Executed 1 test, with 0 failures (0 unexpected) in 38.551 (38.560) seconds\n** TEST SUCCEEDED **")
        s.say("With an `(active, connected)` pair the plan arrives on the watch (UI test sends a plan from the phone and waits for it on the watch: passes). For Yuki: `xcrun simctl pair <watch> <phone>`, boot both, wait until `simctl list pairs` shows `(active, connected)`; only then run the two schemes.")
        s.user("she did it, works. ok now the step timer on watch")
        s.write("StridewiseWatch/IntervalRunner.swift",
                "import Foundation\nimport WatchKit\n\n@MainActor\nfinal class IntervalRunner: ObservableObject {\n    @Published private(set) var index = 0\n    @Published private(set) var remaining: TimeInterval = 0\n    let steps: [IntervalPlan.Step]\n    private var timer: Timer?\n\n    init(plan: IntervalPlan) { steps = plan.steps }\n\n    var current: IntervalPlan.Step? { steps.indices.contains(index) ? steps[index] : nil }\n\n    func start() { enter(0) }\n\n    private func enter(_ i: Int) {\n        index = i\n        guard let step = current else { finish(); return }\n        WKInterfaceDevice.current().play(.start)\n        if case .work(.distance) = step { remaining = 0; return }  // advanced by distance updates\n        remaining = step.duration ?? 0\n        timer?.invalidate()\n        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in\n            Task { @MainActor in self?.tick() }\n        }\n    }\n\n    private func tick() {\n        remaining -= 1\n        if remaining <= 0 { enter(index + 1) }\n    }\n\n    func distanceDidUpdate(meters: Double, sinceStepStart: Double) {\n        guard case .work(.distance(let d)) = current, sinceStepStart >= d.converted(to: .meters).value else { return }\n        enter(index + 1)\n    }\n\n    private func finish() {\n        timer?.invalidate()\n        WKInterfaceDevice.current().play(.success)\n    }\n}\n")
        s.edit("Stridewise/Models/IntervalPlan.swift", "        case cooldown(TimeInterval)\n    }",
               "        case cooldown(TimeInterval)\n\n        var duration: TimeInterval? {\n            switch self {\n            case .warmup(let t), .rest(let t), .cooldown(let t), .work(.duration(let t)): return t\n            case .work(.distance): return nil\n            }\n        }\n    }")
        s.write("StridewiseWatchTests/IntervalRunnerTests.swift",
                "import XCTest\n@testable import StridewiseWatch\n\n@MainActor\nfinal class IntervalRunnerTests: XCTestCase {\n    func testDistanceStepAdvancesOnDistance() {\n        let r = IntervalRunner(plan: IntervalPlan(warmup: 0, repeats: 1, work: .distance(.init(value: 400, unit: .meters)), rest: 0, cooldown: 0))\n        r.start()\n        r.distanceDidUpdate(meters: 0, sinceStepStart: 399)\n        XCTAssertEqual(r.index, 1)\n        r.distanceDidUpdate(meters: 0, sinceStepStart: 400)\n        XCTAssertEqual(r.index, 2)\n    }\n}\n")
        s.bash("xcodebuild test -scheme StridewiseWatch -destination 'platform=watchOS Simulator,name=Apple Watch Series 9 (45mm)' -only-testing:StridewiseWatchTests/IntervalRunnerTests 2>&1 | tail -6",
               "IntervalRunnerTests.swift:10: error: -[IntervalRunnerTests testDistanceStepAdvancesOnDistance] : XCTAssertEqual failed: (\"0\") is not equal to (\"1\")\n\t Executed 1 test, with 1 failure (0 unexpected) in 0.021 (0.023) seconds\n** TEST FAILED **")
        s.say("With `warmup: 0` the warm-up step has duration 0, and the timer only checks `remaining <= 0` after its first 1-second tick, so the test still sits in the warm-up. Zero-length steps should be skipped immediately.")
        s.edit("StridewiseWatch/IntervalRunner.swift", "        remaining = step.duration ?? 0\n", "        remaining = step.duration ?? 0\n        if remaining <= 0 { enter(i + 1); return }\n")
        s.bash("xcodebuild test -scheme StridewiseWatch -destination 'platform=watchOS Simulator,name=Apple Watch Series 9 (45mm)' -only-testing:StridewiseWatchTests/IntervalRunnerTests 2>&1 | tail -2",
               "\t Executed 1 test, with 0 failures (0 unexpected) in 0.019 (0.021) seconds\n** TEST SUCCEEDED **")
        s.write("StridewiseWatch/Views/IntervalRunView.swift",
                "import SwiftUI\n\nstruct IntervalRunView: View {\n    @StateObject var runner: IntervalRunner\n\n    var body: some View {\n        VStack(spacing: 4) {\n            Text(runner.current?.title ?? \"Done\").font(.headline)\n            if runner.remaining > 0 {\n                Text(Duration.seconds(runner.remaining).formatted(.time(pattern: .minuteSecond)))\n                    .font(.system(size: 44, weight: .semibold, design: .rounded))\n                    .monospacedDigit()\n            }\n            Text(\"\\(runner.index + 1)/\\(runner.steps.count)\").font(.footnote).foregroundStyle(.secondary)\n        }\n        .onAppear { runner.start() }\n    }\n}\n")
        s.edit("Stridewise/Models/IntervalPlan.swift", "        var duration: TimeInterval? {",
               "        var title: String {\n            switch self {\n            case .warmup: return String(localized: \"Warm-up\")\n            case .work: return String(localized: \"Run\")\n            case .rest: return String(localized: \"Rest\")\n            case .cooldown: return String(localized: \"Cool-down\")\n            }\n        }\n\n        var duration: TimeInterval? {")
        s.bash("xcodebuild build -scheme StridewiseWatch -destination 'platform=watchOS Simulator,name=Apple Watch Series 9 (45mm)' -quiet 2>&1 | tail -1", "** BUILD SUCCEEDED **")
        s.user("haptic at start of rest is same as start of run, confusing when you cant look. different pls")
        s.edit("StridewiseWatch/IntervalRunner.swift", "        WKInterfaceDevice.current().play(.start)",
               "        switch step {\n        case .work: WKInterfaceDevice.current().play(.start)\n        case .rest: WKInterfaceDevice.current().play(.stop)\n        default: WKInterfaceDevice.current().play(.click)\n        }")
        s.bash("xcodebuild build -scheme StridewiseWatch -destination 'platform=watchOS Simulator,name=Apple Watch Series 9 (45mm)' -quiet 2>&1 | tail -1", "** BUILD SUCCEEDED **")
        s.read("StridewiseWatch/Workout/WorkoutManager.swift", "final class WorkoutManager: NSObject, ObservableObject, HKLiveWorkoutBuilderDelegate {\n    @Published var distance: Double = 0\n    func workoutBuilder(_ builder: HKLiveWorkoutBuilder, didCollectDataOf types: Set<HKSampleType>) {\n        if let q = builder.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity() {\n            DispatchQueue.main.async { self.distance = q.doubleValue(for: .meter()) }\n        }\n    }\n}")
        s.edit("StridewiseWatch/Workout/WorkoutManager.swift", "    @Published var distance: Double = 0",
               "    @Published var distance: Double = 0\n    weak var intervals: IntervalRunner?\n    private var stepStartDistance: Double = 0")
        s.edit("StridewiseWatch/Workout/WorkoutManager.swift", "            DispatchQueue.main.async { self.distance = q.doubleValue(for: .meter()) }",
               "            let meters = q.doubleValue(for: .meter())\n            DispatchQueue.main.async {\n                self.distance = meters\n                self.intervals?.distanceDidUpdate(meters: meters, sinceStepStart: meters - self.stepStartDistance)\n            }")
        s.edit("StridewiseWatch/IntervalRunner.swift", "    private func enter(_ i: Int) {\n        index = i",
               "    var onStepChange: (() -> Void)?\n\n    private func enter(_ i: Int) {\n        index = i\n        onStepChange?()")
        s.edit("StridewiseWatch/Workout/WorkoutManager.swift", "    private var stepStartDistance: Double = 0",
               "    private var stepStartDistance: Double = 0\n\n    func attach(_ runner: IntervalRunner) {\n        intervals = runner\n        runner.onStepChange = { [weak self] in self.map { $0.stepStartDistance = $0.distance } }\n    }")
        s.bash("xcodebuild test -scheme StridewiseWatch -destination 'platform=watchOS Simulator,name=Apple Watch Series 9 (45mm)' 2>&1 | tail -2",
               "\t Executed 14 tests, with 0 failures (0 unexpected) in 1.204 (1.219) seconds\n** TEST SUCCEEDED **")
        s.bash("xcodebuild test -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' 2>&1 | tail -2",
               "\t Executed 87 tests, with 0 failures (0 unexpected) in 5.022 (5.101) seconds\n** TEST SUCCEEDED **")
        s.user("yuki run it on real watch in the parking lot lol: 2x200m worked, vibrations ok. commit")
        s.bash("git add -A && git commit -qm 'Watch: receive interval plans, step runner with haptics and distance steps' && git log --oneline -1", "e4a1f77 Watch: receive interval plans, step runner with haptics and distance steps")
        s.user("write summary for the PR description, and what we not did")
        s.say(
            "**Interval workouts on the watch** (`e4a1f77`)\n\n"
            "- Plans go phone → watch with `WCSession.transferUserInfo` (queued delivery, so a plan made the evening before arrives without opening the phone app).\n"
            "- `IntervalRunner` on the watch walks the steps: time steps count down, distance steps advance on HealthKit distance since the step started, zero-length steps are skipped; distinct haptics for run (`.start`), rest (`.stop`) and others (`.click`).\n"
            "- `IntervalRunView` shows step name, countdown and position; `IntervalPlan` is shared by both targets.\n"
            "- Tests: watch 14, iOS 87, all green; field-tested 2×200 m on a real watch.\n\n"
            "**Not done**\n- Saving plans on the phone (Core Data attribute) — the phone sends them right after building.\n"
            "- Pausing: pausing the workout doesn't pause the step timer yet.\n- Auto-lap/summary per repeat after the run.\n- Localization of the step titles (es, ja).\n\n"
            "Dev setup note: the watch simulator only receives transfers from an `(active, connected)` pair (`xcrun simctl pair`, boot both)."
        )

    @session("k34-constraint-tech-debt-smtp-relay-cap", "canopy", "2026-10-29T11:10:00", ["constraint", "tech_debt"], maybe=("decision",))
    def _(s):
        s.user(
            "Bruno here. The 'inspection due' emails to the tree contractors stopped halfway last night. Celery log:\n\n"
            "```\n[2026-10-29 02:14:55,102: ERROR/ForkPoolWorker-2] Task inventory.tasks.send_inspection_reminders raised: "
            "SMTPDataError(452, b'4.5.3 Too many messages this hour (limit 200), try later')\n```\n"
            "We have to go through the city's relay, no choice there, and IT confirmed: 200 messages per hour per sender, hard. Last night there were 340 reminders."
        )
        s.read("inventory/tasks.py", "@shared_task\ndef send_inspection_reminders():\n    for insp in Inspection.objects.due_within(days=14).select_related('contractor'):\n        send_reminder(insp)")
        s.say("The task sends everything in one go. Simplest compliant version: send at most 190 per run and run the task hourly, so the backlog drains over the night; a proper one would use a rate-limited queue (`rate_limit='190/h'` on a per-email task) and group reminders per contractor so one contractor with 60 trees gets one email instead of 60.")
        s.user("Do the simple one now. The per-contractor digest is the real fix but it needs a new email template that the parks department has to approve, and that takes weeks. Leave a note in the code.")
        s.edit("inventory/tasks.py",
               "@shared_task\ndef send_inspection_reminders():\n    for insp in Inspection.objects.due_within(days=14).select_related('contractor'):\n        send_reminder(insp)",
               "# The city's SMTP relay accepts at most 200 messages per hour per sender (hard limit, IT).\nRELAY_BATCH = 190\n\n\n@shared_task\ndef send_inspection_reminders():\n    # TODO(digest): one email per contractor instead of one per inspection; blocked on the parks\n    # department approving a digest template. Until then: batches of RELAY_BATCH, run hourly.\n    due = Inspection.objects.due_within(days=14).filter(reminded_at__isnull=True).select_related('contractor')\n    for insp in due[:RELAY_BATCH]:\n        send_reminder(insp)\n        insp.reminded_at = timezone.now()\n        insp.save(update_fields=['reminded_at'])")
        s.edit("canopy/celery.py", "    'inspection-reminders': {'task': 'inventory.tasks.send_inspection_reminders', 'schedule': crontab(hour=2, minute=0)},",
               "    'inspection-reminders': {'task': 'inventory.tasks.send_inspection_reminders', 'schedule': crontab(minute=5)},")
        s.bash("pytest inventory/tests/test_reminders.py -q 2>&1 | tail -1", "3 passed in 0.74s")
        s.say("Reminders now go out at most 190 per run, hourly at :05, and each inspection is marked `reminded_at` so nothing is sent twice; the TODO points at the digest. Tonight's 150 leftover reminders will go out on the next run.")

    @session("k35-summary-tech-debt-eu-vat-oss-long", "fernbill", "2026-10-30T08:40:00", ["session_summary", "tech_debt"], maybe=("decision", "constraint"))
    def _(s):
        s.user(
            "Today: VAT for EU customers. We're registered for OSS since this month, so B2C customers in other EU countries pay their "
            "own country's VAT rate, and B2B with a valid VAT id get reverse charge (0 % + the mention on the invoice). Right now we "
            "charge everyone 21 % (Dutch rate) 😬. Stripe Tax is too expensive for us at our volume, so we do it ourselves. Let's look at what we have."
        )
        s.tool("Grep", {"pattern": "tax|vat", "-i": True, "output_mode": "files_with_matches", "path": "/home/priya/code/fernbill/app"},
               "app/models/account.rb\napp/services/billing/invoice_builder.rb\napp/pdfs/invoice_pdf.rb\napp/pdfs/credit_note_pdf.rb\napp/views/settings/billing/_form.html.erb")
        s.read("app/services/billing/invoice_builder.rb",
               "module Billing\n  class InvoiceBuilder\n    VAT_RATE = BigDecimal('0.21')\n\n    def lines\n      @subscription.items.map do |item|\n        net = item.unit_amount_cents * item.quantity\n        { description: item.name, net_cents: net, vat_cents: (net * VAT_RATE).round }\n      end\n    end\n  end\nend")
        s.read("app/models/account.rb", "class Account < ApplicationRecord\n  # country: ISO 3166-1 alpha-2\n  validates :country, presence: true\n  attribute :vat_number, :string\nend")
        s.write("config/vat_rates.yml",
                "# Standard VAT rates (EU, 2026). Source: European Commission 'VAT rates' table.\nAT: 20\nBE: 21\nBG: 20\nCY: 19\nCZ: 21\nDE: 19\nDK: 25\nEE: 24\nES: 21\nFI: 25.5\nFR: 20\nGR: 24\nHR: 25\nHU: 27\nIE: 23\nIT: 22\nLT: 21\nLU: 17\nLV: 21\nMT: 18\nNL: 21\nPL: 23\nPT: 23\nRO: 21\nSE: 25\nSI: 22\nSK: 23\n")
        s.write("app/services/billing/vat.rb",
                "module Billing\n  # Which VAT treatment an account gets. Seller is established in NL and registered for OSS.\n  class Vat\n    RATES = YAML.load_file(Rails.root.join('config/vat_rates.yml')).transform_values { BigDecimal(_1.to_s) / 100 }\n    HOME = 'NL'\n\n    Treatment = Struct.new(:rate, :reverse_charge, :country, keyword_init: true)\n\n    def self.for(account)\n      country = account.country\n      return Treatment.new(rate: RATES.fetch(HOME), reverse_charge: false, country: HOME) if country == HOME\n      return Treatment.new(rate: 0, reverse_charge: false, country: country) unless RATES.key?(country) # outside the EU\n      return Treatment.new(rate: 0, reverse_charge: true, country: country) if account.vat_verified?\n\n      Treatment.new(rate: RATES.fetch(country), reverse_charge: false, country: country)\n    end\n  end\nend\n")
        s.write("spec/services/billing/vat_spec.rb",
                "require 'rails_helper'\n\nRSpec.describe Billing::Vat do\n  def account(country, verified: false) = build(:account, country: country, vat_verified: verified)\n\n  it('charges Dutch VAT at home') { expect(described_class.for(account('NL')).rate).to eq(BigDecimal('0.21')) }\n  it('charges the customer country rate to EU consumers') { expect(described_class.for(account('DE')).rate).to eq(BigDecimal('0.19')) }\n  it('reverse-charges verified EU businesses') { expect(described_class.for(account('FR', verified: true))).to have_attributes(rate: 0, reverse_charge: true) }\n  it('charges no VAT outside the EU') { expect(described_class.for(account('US')).rate).to eq(0) }\n  it('charges Dutch VAT to a verified Dutch business') { expect(described_class.for(account('NL', verified: true)).rate).to eq(BigDecimal('0.21')) }\nend\n")
        s.bash("bundle exec rspec spec/services/billing/vat_spec.rb 2>&1 | tail -6",
               "F....\n\nFailures:\n\n  1) Billing::Vat charges Dutch VAT at home\n     NoMethodError: undefined method `vat_verified?' for an instance of Account")
        s.say("Accounts have a `vat_number` but nothing records whether it was verified. Adding `vat_verified_at` and checking numbers against VIES.")
        s.bash("bin/rails g migration AddVatVerifiedAtToAccounts vat_verified_at:datetime && bin/rails db:migrate 2>&1 | tail -1",
               "== 20261030091822 AddVatVerifiedAtToAccounts: migrated (0.0038s) ===========")
        s.edit("app/models/account.rb", "  attribute :vat_number, :string\nend",
               "  attribute :vat_number, :string\n\n  def vat_verified? = vat_verified_at.present?\nend")
        s.edit("spec/services/billing/vat_spec.rb", "build(:account, country: country, vat_verified: verified)",
               "build(:account, country: country, vat_verified_at: (Time.current if verified))")
        s.bash("bundle exec rspec spec/services/billing/vat_spec.rb 2>&1 | tail -2", "\n5 examples, 0 failures")
        s.write("app/services/billing/vies_check.rb",
                "module Billing\n  # Checks an EU VAT number against the European Commission's VIES REST API.\n  class ViesCheck\n    URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'\n\n    def self.call(account)\n      country, number = account.vat_number.to_s.upcase.delete(' ').match(/\\A([A-Z]{2})(\\w+)\\z/)&.captures\n      return false unless country\n\n      res = Faraday.post(URL, { countryCode: country, vatNumber: number }.to_json, 'Content-Type' => 'application/json')\n      valid = res.success? && JSON.parse(res.body)['valid']\n      account.update!(vat_verified_at: valid ? Time.current : nil)\n      valid\n    end\n  end\nend\n")
        s.write("spec/services/billing/vies_check_spec.rb",
                "require 'rails_helper'\n\nRSpec.describe Billing::ViesCheck do\n  it 'marks a valid number verified' do\n    stub_request(:post, described_class::URL).to_return(body: { valid: true }.to_json)\n    account = create(:account, vat_number: 'FR 40303265045')\n    expect(described_class.call(account)).to be(true)\n    expect(account.reload).to be_vat_verified\n  end\n\n  it 'clears verification for an invalid number' do\n    stub_request(:post, described_class::URL).to_return(body: { valid: false }.to_json)\n    account = create(:account, vat_number: 'DE000', vat_verified_at: 1.day.ago)\n    expect(described_class.call(account)).to be(false)\n    expect(account.reload).not_to be_vat_verified\n  end\nend\n")
        s.bash("bundle exec rspec spec/services/billing/vies_check_spec.rb 2>&1 | tail -2", "\n2 examples, 0 failures")
        s.edit("app/services/billing/invoice_builder.rb", "    VAT_RATE = BigDecimal('0.21')\n\n    def lines\n      @subscription.items.map do |item|\n        net = item.unit_amount_cents * item.quantity\n        { description: item.name, net_cents: net, vat_cents: (net * VAT_RATE).round }\n      end\n    end",
               "    def vat\n      @vat ||= Billing::Vat.for(@subscription.account)\n    end\n\n    def lines\n      @subscription.items.map do |item|\n        net = item.unit_amount_cents * item.quantity\n        { description: item.name, net_cents: net, vat_cents: (net * vat.rate).round(half: :even) }\n      end\n    end")
        s.bash("bundle exec rspec spec/services/billing 2>&1 | tail -8",
               "...F......\n\nFailures:\n\n  1) Billing::InvoiceBuilder totals matches the Stripe invoice total\n     expected: 5929\n          got: 5930\n     (compared using ==)")
        s.say(
            "A one-cent mismatch: we round VAT per line (half-even), but the Stripe invoice we compare against rounds on the invoice total. "
            "With three lines at 19 % that differs by a cent here. Options are rounding per invoice everywhere (matches Stripe; what most EU "
            "guidance allows), or keeping per-line and sending Stripe our own tax amounts per line."
        )
        s.user(
            "ugh, rounding. I honestly don't know what our accountant expects for OSS reporting, I emailed her last week and no answer. "
            "park it: per-line for now, mark the spec pending with a pointer, we revisit when Joke replies. the numbers are off by cents max"
        )
        s.edit("spec/services/billing/invoice_builder_spec.rb", "    it 'matches the Stripe invoice total' do",
               "    it 'matches the Stripe invoice total' do\n      pending 'per-line vs per-invoice VAT rounding: waiting for the accountant (OSS reporting); differs by at most a cent per line'")
        s.bash("bundle exec rspec spec/services/billing 2>&1 | tail -2", "\n10 examples, 0 failures, 1 pending")
        s.user("now the invoice PDF needs the reverse charge mention and the customer VAT id")
        s.read("app/pdfs/invoice_pdf.rb", "class InvoicePdf < Prawn::Document\n  def render_totals\n    text \"Subtotal: #{money(@invoice.net_cents)}\"\n    text \"VAT (21%): #{money(@invoice.vat_cents)}\"\n    text \"Total: #{money(@invoice.total_cents)}\", style: :bold\n  end\nend")
        s.edit("app/pdfs/invoice_pdf.rb", "    text \"VAT (21%): #{money(@invoice.vat_cents)}\"",
               "    if @invoice.reverse_charge?\n      text \"VAT: reverse charge (Art. 196 Directive 2006/112/EC)\"\n      text \"Customer VAT ID: #{@invoice.account.vat_number}\"\n    else\n      text \"VAT (#{percent(@invoice.vat_rate)}): #{money(@invoice.vat_cents)}\"\n    end")
        s.bash("bin/rails g migration AddVatFieldsToInvoices vat_rate:decimal{5,4} vat_country:string reverse_charge:boolean && bin/rails db:migrate 2>&1 | tail -1",
               "== 20261030103107 AddVatFieldsToInvoices: migrated (0.0061s) ==============")
        s.edit("app/services/billing/invoice_builder.rb", "    def lines", "    def invoice_attributes\n      { vat_rate: vat.rate, vat_country: vat.country, reverse_charge: vat.reverse_charge }\n    end\n\n    def lines")
        s.edit("app/pdfs/credit_note_pdf.rb", "    text \"VAT (21%): #{money(@credit_note.vat_cents)}\"",
               "    if @credit_note.invoice.reverse_charge?\n      text \"VAT: reverse charge (Art. 196 Directive 2006/112/EC)\"\n    else\n      text \"VAT (#{percent(@credit_note.invoice.vat_rate)}): #{money(@credit_note.vat_cents)}\"\n    end")
        s.bash("bundle exec rspec spec/pdfs 2>&1 | tail -2", "\n8 examples, 0 failures")
        s.user("and the settings form: when they save a VAT id, check it right away")
        s.read("app/controllers/settings/billing_controller.rb", "class Settings::BillingController < ApplicationController\n  def update\n    if current_account.update(billing_params)\n      redirect_to settings_billing_path, notice: t('.saved')\n    else\n      render :edit, status: :unprocessable_entity\n    end\n  end\nend")
        s.edit("app/controllers/settings/billing_controller.rb", "    if current_account.update(billing_params)\n      redirect_to settings_billing_path, notice: t('.saved')",
               "    if current_account.update(billing_params)\n      verified = current_account.vat_number.blank? || Billing::ViesCheck.call(current_account)\n      redirect_to settings_billing_path, notice: t(verified ? '.saved' : '.vat_not_verified')")
        s.edit("config/locales/en.yml", "        saved: Billing details saved",
               "        saved: Billing details saved\n        vat_not_verified: Saved, but we couldn't verify this VAT number with VIES, so VAT will be charged.")
        s.bash("bundle exec rspec spec/requests/settings/billing_spec.rb 2>&1 | tail -2", "\n4 examples, 0 failures")
        s.write("lib/tasks/vat.rake",
                "namespace :vat do\n  desc 'Re-verify every stored VAT number against VIES'\n  task reverify: :environment do\n    Account.where.not(vat_number: [nil, '']).find_each do |account|\n      Billing::ViesCheck.call(account)\n      sleep 0.5\n    end\n  end\nend\n")
        s.bash("bin/rails vat:reverify 2>&1 | tail -1; bin/rails runner 'p Account.where.not(vat_verified_at: nil).count'", "41")
        s.bash("bundle exec rspec -q 2>&1 | tail -2", "\n631 examples, 0 failures, 4 pending")
        s.bash("bundle exec rubocop -a app lib spec 2>&1 | tail -1", "212 files inspected, 2 offenses detected, 2 offenses corrected")
        s.bash("git add -A && git commit -qm 'EU VAT: OSS rates by customer country, reverse charge for verified businesses, VIES check' && git log --oneline -1",
               "5be3a2d EU VAT: OSS rates by customer country, reverse charge for verified businesses, VIES check")
        s.user("Marta wants a short summary for tomorrow's standup, she's covering billing while I'm at the conference. what's in, what isn't")
        s.say(
            "**EU VAT / OSS — status for standup** (`5be3a2d`, not deployed)\n\n"
            "In:\n- VAT by customer country: NL 21 %; other EU consumers their country's standard rate (`config/vat_rates.yml`); outside the EU 0 %.\n"
            "- Reverse charge (0 %, mention + customer VAT id on invoice and credit note PDFs) for EU businesses whose VAT number passed VIES (`Billing::ViesCheck`; runs on save in billing settings; `rails vat:reverify` re-checks all, 41 of the existing numbers verified).\n"
            "- Invoices store `vat_rate`, `vat_country`, `reverse_charge`.\n- Full suite green (631 examples, 4 pending).\n\n"
            "Not in / open:\n- Rounding: VAT is rounded per line; Stripe rounds on the total, so totals can differ by a cent. Parked until the accountant says what OSS reporting expects (pending spec in `invoice_builder_spec.rb`).\n"
            "- Reduced rates (all products use standard rates).\n- The quarterly OSS report export.\n- Deploy + backfill of `vat_rate` on past invoices."
        )

    @session("k36-runbook-preference-aarch64-linker-release", "glyphc", "2026-10-31T15:00:00", ["runbook", "preference"], maybe=("decision",))
    def _(s):
        s.user("release job dies on aarch64-unknown-linux-gnu:\n```\nerror: linking with `cc` failed: exit status: 1\n  = note: /usr/bin/ld: target/aarch64-unknown-linux-gnu/release/deps/glyphc-3f1e.o: error adding symbols: file in wrong format\n          collect2: error: ld returned 1 exit status\n```")
        s.say("The host `cc`/`ld` (x86-64) is linking aarch64 objects. Cargo uses `cc` unless a linker is configured for the target; the cross toolchain is installed on the runner (`gcc-aarch64-linux-gnu` in the workflow) but nothing tells cargo to use it.")
        s.bash("grep -n -A2 'aarch64' .github/workflows/release.yml", "31:      - target: aarch64-unknown-linux-gnu\n32:        os: ubuntu-22.04\n45:      - run: sudo apt-get install -y gcc-aarch64-linux-gnu")
        s.bash("cat .cargo/config.toml 2>/dev/null || echo none", "none")
        s.write(".cargo/config.toml", "[target.aarch64-unknown-linux-gnu]\nlinker = \"aarch64-linux-gnu-gcc\"\n")
        s.bash("cargo build --release --target aarch64-unknown-linux-gnu -q && file target/aarch64-unknown-linux-gnu/release/glyphc",
               "target/aarch64-unknown-linux-gnu/release/glyphc: ELF 64-bit LSB pie executable, ARM aarch64, version 1 (SYSV), dynamically linked, interpreter /lib/ld-linux-aarch64.so.1, for GNU/Linux 3.7.0, stripped")
        s.bash("git add .cargo/config.toml && git commit -qm 'Use the aarch64 cross linker for aarch64-unknown-linux-gnu' && git tag -f v0.10.0-rc.2 && git push -q origin trunk v0.10.0-rc.2 -f && gh run watch --exit-status 2>&1 | tail -3",
               "✓ build (aarch64-unknown-linux-gnu) in 4m12s\n✓ build (x86_64-unknown-linux-gnu) in 3m01s\n✓ Run Release (9931472210) completed with 'success'")
        s.say("Release run is green for both Linux targets; the aarch64 binary is a proper ARM ELF.")
        s.user("bump to 0.10.0 and tag. commit msg just `release: v0.10.0`, nothing else in that commit ever, changelog goes in the commit before")
        s.bash("git log --oneline -1 -- CHANGELOG.md", "91d0e4a changelog: 0.10.0")
        s.edit("Cargo.toml", "version = \"0.10.0-rc.2\"", "version = \"0.10.0\"")
        s.bash("cargo check -q && git commit -qam 'release: v0.10.0' && git show --stat HEAD | tail -3 && git tag v0.10.0",
               " Cargo.lock | 6 +++---\n Cargo.toml | 2 +-\n 2 files changed, 4 insertions(+), 4 deletions(-)")
        s.say("Committed `release: v0.10.0` (only `Cargo.toml` and `Cargo.lock`) on top of the changelog commit, and tagged `v0.10.0`; not pushed.")

"""Fourth set, English sessions with two or three categories (m30-m36)."""


def register(session):
    @session("m30-decision-constraint-graviton-scp", "skyforge", "2026-10-23T10:00:00", ["decision", "constraint"], ("tech_debt",))
    def _(s):
        s.user(
            "Finance wants the EKS bill down. I was looking at moving the general node group to Graviton (m7g) — "
            "or we just buy a bigger Savings Plan and keep m6i. Oh and heads up, the org SCP only allows eu-central-1 "
            "and eu-west-1, so the 'just use us-east-2, it's cheaper' idea from the FinOps deck is dead on arrival. What do you think?"
        )
        s.bash("grep -rn 'image\\|platform' live/prod/apps/*.yaml | grep -v arm64 | head", "live/prod/apps/legacy-pdf.yaml:9:    image: registry.skyforge.io/legacy-pdf:3.1  # amd64 only")
        s.bash("aws ce get-cost-and-usage --time-period Start=2026-09-01,End=2026-10-01 --granularity MONTHLY --metrics UnblendedCost --filter file://ce-eks-nodes.json | jq -r '.ResultsByTime[0].Total.UnblendedCost.Amount'", "11842.19")
        s.say(
            "Nodes were $11.8k in September. m7g.large is ~20% cheaper than m6i.large on demand and faster per vCPU for your Go/Java services; "
            "all images are multi-arch except `legacy-pdf` (amd64 only). A 1-year Compute Savings Plan also covers Graviton, so the two aren't exclusive: "
            "move to m7g first, then size the plan on the new baseline. `legacy-pdf` would need a small amd64 node group or a rebuild."
        )
        s.user("ok let's do graviton, keep a tiny m6i group just for legacy-pdf. savings plan later once we see the new baseline.")
        s.edit("modules/eks-cluster/main.tf", '    general = {\n      instance_types = ["m6i.large"]', '    general = {\n      ami_type       = "AL2023_ARM_64_STANDARD"\n      instance_types = ["m7g.large"]')
        s.edit("modules/eks-cluster/main.tf", "  }\n}", '    amd64-legacy = {\n      instance_types = ["m6i.large"]\n      min_size = 1\n      max_size = 1\n      taints = [{ key = "arch", value = "amd64", effect = "NO_SCHEDULE" }]\n    }\n  }\n}')
        s.edit("live/prod/apps/legacy-pdf.yaml", "    image: registry.skyforge.io/legacy-pdf:3.1  # amd64 only", "    image: registry.skyforge.io/legacy-pdf:3.1  # amd64 only\n  tolerations: [{key: arch, value: amd64, effect: NoSchedule}]\n  nodeSelector: {kubernetes.io/arch: amd64}")
        s.bash("cd live/prod/eks && terragrunt plan -no-color | tail -2", "Plan: 2 to add, 0 to change, 1 to destroy.")
        s.say(
            "Plan ready: the `general` group becomes m7g.large (ARM AL2023), plus a one-node `amd64-legacy` m6i.large group tainted so only "
            "`legacy-pdf` (which now tolerates it and selects amd64) lands there. Everything stays in eu-central-1, as the SCP requires. "
            "Node group replacement drains nodes one by one; apply it in a quiet hour."
        )

    @session("m31-runbook-techdebt-cron-overlap", "brightcart", "2026-10-24T07:30:00", ["runbook", "tech_debt"], ("decision",))
    def _(s):
        s.user("stock sync with the stores runs every 5 min. today morning 3 stores show negative stock. help")
        s.bash("ssh forge@shop-1 'grep -c \"stock:sync started\" storage/logs/laravel-2026-10-24.log; grep \"stock:sync\" storage/logs/laravel-2026-10-24.log | tail -4'", "212\n[2026-10-24 06:40:00] production.INFO: stock:sync started\n[2026-10-24 06:45:00] production.INFO: stock:sync started\n[2026-10-24 06:45:31] production.INFO: stock:sync finished (5m31s)\n[2026-10-24 06:50:00] production.INFO: stock:sync started")
        s.say("Runs overlap: since yesterday a sync takes ~5.5 min, so the next one starts while the last is still applying deltas, and both subtract the same sales.")
        s.read("routes/console.php", "Schedule::command('stock:sync')->everyFiveMinutes();")
        s.edit("routes/console.php", "Schedule::command('stock:sync')->everyFiveMinutes();", "Schedule::command('stock:sync')->everyFiveMinutes()->withoutOverlapping(15)->onOneServer();")
        s.bash("ssh forge@shop-1 'cd brightcart && php artisan stock:rebuild --stores=04,07,11'", "Rebuilt stock for 3 stores from the ERP snapshot (1 922 SKUs). 0 negative.")
        s.bash("ssh forge@shop-1 'cd brightcart && git pull -q && php artisan schedule:list | grep stock'", "  */5 * * * *  php artisan stock:sync ........ Next Due: 2 minutes from now (without overlapping)")
        s.say(
            "Fixed: `stock:sync` is now `withoutOverlapping(15)->onOneServer()`, so a slow run makes the next one skip instead of double-applying. "
            "Rebuilt stock of stores 04, 07 and 11 from the ERP snapshot: no negative stock left.\n\n"
            "The run got slow because the ERP endpoint now pages 50 items at a time (it was 500). The real fix is to sync by delta (`changed_since`) instead of pulling everything."
        )
        s.user("yes delta sync is the right way but not this week, black friday freeze starts monday. later")
        s.edit("routes/console.php", "Schedule::command('stock:sync')", "// TODO after the Black Friday freeze: sync by delta (ERP `changed_since`), full pull takes >5 min since the ERP pages by 50\nSchedule::command('stock:sync')")
        s.say("Left a TODO on the schedule line: delta sync after the freeze, and why.")

    @session("m32-decision-preference-input-system", "marrowlight", "2026-10-25T15:00:00", ["decision", "preference"], ("tech_debt",))
    def _(s):
        s.user("rebinding keys is impossible with the old Input.GetKey stuff. new input system or rewired? rewired is $45")
        s.grep("Input.GetKey", "Assets/Scripts/Player/PlayerController.cs:31:        if (Input.GetKeyDown(KeyCode.Space)) Dash();\nAssets/Scripts/Player/PlayerController.cs:44:        if (Input.GetKey(KeyCode.Mouse0)) Attack();\nAssets/Scripts/UI/PauseMenu.cs:12:        if (Input.GetKeyDown(KeyCode.Escape)) Toggle();")
        s.say(
            "Only 3 call sites. Unity's Input System is free, first-party, has a rebinding UI sample and Switch support through the console package. "
            "Rewired has wider controller coverage and a polished rebinding UI but it's a paid closed package you'd depend on for every platform port."
        )
        s.user("input system, we need switch anyway and dont want another 3rd party thing to update")
        s.write("Assets/Input/Controls.inputactions", "{\n  \"name\": \"Controls\",\n  \"maps\": [{\"name\": \"Gameplay\", \"actions\": [{\"name\": \"Dash\"}, {\"name\": \"Attack\"}, {\"name\": \"Pause\"}]}]\n}")
        s.write("Assets/Scripts/Input/InputService.cs", "public class InputService : MonoBehaviour\n{\n    public static InputService Instance { get; private set; }\n    public Controls Controls { get; private set; }\n    void Awake() { Instance = this; Controls = new Controls(); Controls.Enable(); }\n}")
        s.user(
            "no singletons pls. we dont do Instance statics anywhere in this project, everything talks through the scriptableobject event "
            "channels in Assets/Channels (like HealthChannel). make an InputChannel"
        )
        s.read("Assets/Scripts/Channels/HealthChannel.cs", "[CreateAssetMenu(menuName = \"Channels/Health\")]\npublic class HealthChannel : ScriptableObject\n{\n    public event Action<int> Changed;\n    public void Raise(int hp) => Changed?.Invoke(hp);\n}")
        s.write("Assets/Scripts/Input/InputService.cs", "public class InputService : MonoBehaviour\n{\n    [SerializeField] InputChannel channel;\n    Controls controls;\n    void OnEnable() { controls = new Controls(); controls.Gameplay.Dash.performed += _ => channel.RaiseDash(); controls.Enable(); }\n}")
        s.write("Assets/Scripts/Channels/InputChannel.cs", "[CreateAssetMenu(menuName = \"Channels/Input\")]\npublic class InputChannel : ScriptableObject\n{\n    public event Action Dash, Attack, Pause;\n    public void RaiseDash() => Dash?.Invoke();\n    public void RaiseAttack() => Attack?.Invoke();\n    public void RaisePause() => Pause?.Invoke();\n}")
        s.say("Done: Input System with a `Controls` asset (Dash/Attack/Pause), `InputService` raises them on an `InputChannel` ScriptableObject, no static instance. PlayerController and PauseMenu still need to subscribe to the channel instead of `Input.GetKey`; want me to do those now?")
        s.user("tomorrow")
        s.say("OK.")

    @session("m33-long-delta-merge-conflict", "dunehold", "2026-10-27T06:50:00", ["decision", "runbook", "session_summary"])
    def _(s):
        s.user(
            "The nightly failed: `ConcurrentAppendException: Files were added to partition [week=2026-W43] by a concurrent update`. "
            "I think the backfill Mei started yesterday is writing into the same table. Could you investigate, get tonight's data in, "
            "and make sure this can't happen again?"
        )
        s.work([
            ("bash", "databricks jobs get-run 91877 | jq -r '.tasks[] | select(.state.result_state==\"FAILED\") | .state.state_message'", "io.delta.exceptions.ConcurrentAppendException: Files were added to partition [week=2026-W43] by a concurrent update. Please try the operation again."),
            ("bash", "spark-sql -e \"describe history gold.lane_costs_weekly limit 6\" | cut -f1,2,5,6", "412\t2026-10-27 02:31\tMERGE\tjob 5530 (dunehold-nightly)\n411\t2026-10-27 02:29\tWRITE\tnotebook /Users/mei/backfill_2024\n410\t2026-10-27 02:02\tWRITE\tnotebook /Users/mei/backfill_2024\n409\t2026-10-26 02:24\tMERGE\tjob 5530"),
            ("read", "notebooks/backfill_2024.py", "for week in weeks_2024:\n    df = compute(week)\n    df.write.format('delta').mode('append').option('replaceWhere', f\"week = '{week}'\").saveAsTable('gold.lane_costs_weekly')"),
            ("read", "core/src/main/scala/dunehold/LaneCostJob.scala", "DeltaTable.forName(\"gold.lane_costs_weekly\").as(\"t\")\n  .merge(updates.as(\"u\"), \"t.lane_id = u.lane_id AND t.week = u.week\")\n  .whenMatched.updateAll().whenNotMatched.insertAll().execute()"),
        ])
        s.say(
            "Confirmed: Mei's backfill notebook was appending 2024 weeks at 02:02 and 02:29 while the nightly MERGE ran. The MERGE condition doesn't restrict the "
            "partition, so Delta treats any concurrent append to the table as a conflict, even though the weeks don't overlap (2024 vs 2026-W43). Two ways out:\n\n"
            "1. Put the partition into the MERGE condition (`t.week = '2026-W43'`), so Delta only checks conflicts in that partition; the backfill can keep running.\n"
            "2. Stop concurrent writers (a lock or a schedule rule that backfills never run 01:30-04:00).\n\nI'd do 1; 2 relies on people remembering."
        )
        s.user("1. Mei's backfill will run for another week at least and I don't want to babysit it.")
        s.work([
            ("edit", "core/src/main/scala/dunehold/LaneCostJob.scala", ".merge(updates.as(\"u\"), \"t.lane_id = u.lane_id AND t.week = u.week\")", ".merge(updates.as(\"u\"), s\"t.week = '$week' AND t.lane_id = u.lane_id AND t.week = u.week\") // partition in the condition: conflicts checked only in this week"),
            ("grep", "merge(", "core/src/main/scala/dunehold/LaneCostJob.scala:57:  .merge(updates.as(\"u\"), s\"t.week = '$week' AND ...\")\ncore/src/main/scala/dunehold/FuelSurchargeJob.scala:40:  .merge(upd.as(\"u\"), \"t.shipment_id = u.shipment_id\")", None, "core/src"),
            ("read", "core/src/main/scala/dunehold/FuelSurchargeJob.scala", "DeltaTable.forName(\"gold.fuel_surcharge\").as(\"t\")\n  .merge(upd.as(\"u\"), \"t.shipment_id = u.shipment_id\")"),
            ("edit", "core/src/main/scala/dunehold/FuelSurchargeJob.scala", ".merge(upd.as(\"u\"), \"t.shipment_id = u.shipment_id\")", ".merge(upd.as(\"u\"), s\"t.week = '$week' AND t.shipment_id = u.shipment_id\")"),
            ("write", "core/src/test/scala/dunehold/ConcurrentWriteSpec.scala", "class ConcurrentWriteSpec extends SparkSpec {\n  test(\"nightly merge survives an append to another week\") {\n    val append = Future(appendWeek(\"2024-W10\"))\n    LaneCostJob.mergeWeek(spark, \"2026-W43\", updates)\n    Await.result(append, 1.minute)\n  }\n}"),
            ("bash", "sbt -batch 'core/testOnly *ConcurrentWriteSpec'", "[info] ConcurrentWriteSpec:\n[info] - nightly merge survives an append to another week *** FAILED ***\n[info]   ConcurrentAppendException: Files were added to the root of the table", None, True),
            ("bash", "spark-sql -e \"describe detail gold.lane_costs_weekly\" | cut -f9", "[]"),
        ])
        s.say("The test still fails: `describe detail` shows the test table has **no** partition columns (the prod one is partitioned by `week`), so there's no partition to isolate. Fixing the test fixture, not the job.")
        s.work([
            ("edit", "core/src/test/scala/dunehold/SparkSpec.scala", "df.write.format(\"delta\").saveAsTable(name)", "df.write.format(\"delta\").partitionBy(\"week\").saveAsTable(name) // same layout as prod"),
            ("bash", "sbt -batch 'core/testOnly *ConcurrentWriteSpec'", "[info] ConcurrentWriteSpec:\n[info] - nightly merge survives an append to another week\n[info] All tests passed."),
            ("bash", "sbt -batch core/test | tail -2", "[info] Tests: succeeded 59, failed 0\n[info] All tests passed."),
            ("bash", "sbt -batch assembly | tail -1 && databricks bundle deploy -t prod | tail -1", "[success] Total time: 91 s\nDeployment complete!"),
            ("bash", "databricks bundle run -t prod nightly --params week=2026-W43", "2026-10-27 08:02:11 \"dunehold-nightly\" RUNNING\n2026-10-27 08:30:48 \"dunehold-nightly\" TERMINATED SUCCESS"),
            ("bash", "spark-sql -e \"describe history gold.lane_costs_weekly limit 4\" | cut -f1,2,5,6", "418\t2026-10-27 08:24\tMERGE\tjob 5530 (dunehold-nightly)\n417\t2026-10-27 08:19\tWRITE\tnotebook /Users/mei/backfill_2024\n416\t2026-10-27 08:11\tWRITE\tnotebook /Users/mei/backfill_2024"),
            ("bash", "spark-sql -e \"select count(*) from gold.lane_costs_weekly where week='2026-W43'\"", "18410"),
            ("write", "docs/runbooks/delta-concurrent-append.md", "# Nightly fails with ConcurrentAppendException\n\n**Symptom**: `ConcurrentAppendException: Files were added to partition [week=...] by a concurrent update` in lane_costs or fuel_surcharge.\n\n"
             "**Check**: `describe history <table> limit 10`: another writer (backfill notebook, manual fix) wrote between the job's read and its commit.\n\n"
             "**Fix**: the MERGE must name the week's partition in its condition (`t.week = '<week>' AND ...`) so Delta only checks that partition. Since 2026-10-27 both jobs do. "
             "If it still happens, the other writer is touching the *same* week: stop it, then rerun `databricks bundle run -t prod nightly --params week=<week>`.\n"),
            ("bash", "git add -A && git commit -qm 'MERGE conditions name the partition so backfills can run alongside the nightly' && git log --oneline -1", "a90c3e2 MERGE conditions name the partition so backfills can run alongside the nightly"),
        ])
        s.say("Tonight's data is in (W43, 18,410 rows) and the rerun committed while Mei's backfill wrote twice alongside it. Runbook in `docs/runbooks/delta-concurrent-append.md`, committed a90c3e2.")
        s.user("Perfect. Short summary please, I'll forward it to Mei.")
        s.say(
            "**Summary**\n\n- **What broke**: the 02:00 nightly MERGE into `gold.lane_costs_weekly` hit `ConcurrentAppendException` because Mei's 2024 backfill appended to the same table at the same time.\n"
            "- **Why**: the MERGE condition didn't name the partition, so Delta treated any concurrent append as a conflict, even in other weeks.\n"
            "- **Decision**: put the week into the MERGE conditions (lane_costs and fuel_surcharge) rather than forbid concurrent backfills; the backfill can keep running for its remaining week.\n"
            "- **Also fixed**: the test fixture now partitions by `week` like prod; new test `ConcurrentWriteSpec`; 59/59 pass.\n"
            "- **Done**: W43 rerun succeeded at 08:30; runbook `docs/runbooks/delta-concurrent-append.md`; commit a90c3e2.\n"
            "- **Open**: a backfill writing the *same* week as the nightly would still conflict; nothing guards against that."
        )

    @session("m34-constraint-techdebt-php81-host", "brightcart", "2026-10-28T12:00:00", ["constraint", "tech_debt"], ("decision",))
    def _(s):
        s.user("composer update fails on server, says php 8.1. but we use 8.3 locally??")
        s.bash("ssh forge@shop-1 'php -v | head -1'", "PHP 8.1.29 (cli) (built: Jun  6 2026 11:02:14) (NTS)")
        s.bash("composer why-not php 8.1", "laravel/framework v11.31.0 requires php (^8.2)\nsymfony/http-kernel v7.1.6 requires php (>=8.2)")
        s.say("The shop server runs PHP 8.1.29, and Laravel 11 needs 8.2+. The lock file was updated locally on 8.3. Can the server's PHP be upgraded?")
        s.user("no. shop-1 is the managed server from the hosting of the bike chain, they give us 8.1 until their migration in march, we can't install anything. so we stay laravel 10 and php 8.1 compatible till then")
        s.bash("git checkout composer.json composer.lock && composer config platform.php 8.1.29 && composer update --dry-run 2>&1 | tail -2", "Nothing to install, update or remove\nPackage operations: 0 installs, 0 updates, 0 removals")
        s.grep("readonly class\\|enum .*: string", "app/Data/CartTotals.php:5:readonly class CartTotals\napp/Enums/PaymentState.php:3:enum PaymentState: string")
        s.edit("app/Data/CartTotals.php", "readonly class CartTotals\n{\n    public function __construct(public int $net, public int $vat)", "final class CartTotals // readonly classes are PHP 8.2; shop-1 is 8.1 until March\n{\n    public function __construct(public readonly int $net, public readonly int $vat)")
        s.say(
            "Pinned `config.platform.php` to 8.1.29 in composer.json, so composer will never again resolve packages that need more than the server has; "
            "the lock is back on Laravel 10. `CartTotals` used a readonly class (8.2); it's now readonly properties. Enums are 8.1, fine."
        )
        s.user("ok. write down somewhere the upgrade to laravel 11 we do after march. also carbon 3 and the readonly stuff")
        s.write("docs/after-php-upgrade.md", "# After shop-1 moves to PHP 8.2+ (hosting migration, March 2027)\n\n- remove `config.platform.php` from composer.json\n- upgrade to Laravel 11 (and Carbon 3)\n- turn `CartTotals` and the other DTOs back into `readonly class`\n")
        s.say("Written to `docs/after-php-upgrade.md`: drop the platform pin, Laravel 11 + Carbon 3, readonly classes back.")

    @session("m35-long-vpc-module-refactor", "skyforge", "2026-10-29T09:00:00", ["tech_debt", "session_summary"], ("decision", "preference"))
    def _(s):
        s.user(
            "Today's plan: the `network` module is a 600-line main.tf that does VPC, subnets, NAT, endpoints and flow logs "
            "all at once. I'd like it split into files by concern and the copy-pasted subnet blocks turned into for_each, "
            "WITHOUT any resource being destroyed in staging or prod (moved blocks). Let's go step by step."
        )
        files = ["vpc.tf", "subnets.tf", "nat.tf", "endpoints.tf", "flow_logs.tf"]
        steps = [
            ("bash", "wc -l modules/network/*.tf", "  612 modules/network/main.tf\n   48 modules/network/variables.tf\n   22 modules/network/outputs.tf\n  682 total"),
            ("read", "modules/network/main.tf", 'resource "aws_vpc" "main" { cidr_block = var.cidr }\nresource "aws_subnet" "private_a" { vpc_id = aws_vpc.main.id  cidr_block = cidrsubnet(var.cidr, 4, 0)  availability_zone = "eu-central-1a" }\nresource "aws_subnet" "private_b" { ... }\nresource "aws_subnet" "private_c" { ... }\nresource "aws_subnet" "public_a" { ... }\n...'),
            ("bash", "cd live/staging/network && terragrunt plan -no-color | tail -1", "No changes. Your infrastructure matches the configuration."),
        ]
        steps += [("write", f"modules/network/{f}", f"# {f[:-3]} (moved out of main.tf, unchanged)\n...") for f in files]
        steps += [
            ("bash", "rm modules/network/main.tf && cd live/staging/network && terragrunt plan -no-color | tail -1", "No changes. Your infrastructure matches the configuration."),
            ("edit", "modules/network/subnets.tf", 'resource "aws_subnet" "private_a" {', 'resource "aws_subnet" "private" {\n  for_each          = var.azs\n  vpc_id            = aws_vpc.main.id\n  cidr_block        = cidrsubnet(var.cidr, 4, each.value.index)\n  availability_zone = each.key\n}\n\nmoved {\n  from = aws_subnet.private_a\n  to   = aws_subnet.private["eu-central-1a"]\n}\nmoved {\n  from = aws_subnet.private_b\n  to   = aws_subnet.private["eu-central-1b"]\n}\nmoved {\n  from = aws_subnet.private_c\n  to   = aws_subnet.private["eu-central-1c"]\n}\nresource "aws_subnet" "private_a_unused" {'),
            ("bash", "cd live/staging/network && terragrunt plan -no-color | grep -E 'has moved|destroy|Plan:'", '  # aws_subnet.private_a has moved to aws_subnet.private["eu-central-1a"]\n  # aws_subnet.private_b has moved to aws_subnet.private["eu-central-1b"]\n  # aws_subnet.private_c has moved to aws_subnet.private["eu-central-1c"]\n  # aws_subnet.private_a_unused will be destroyed\nPlan: 0 to add, 0 to change, 1 to destroy.'),
            ("edit", "modules/network/subnets.tf", 'resource "aws_subnet" "private_a_unused" {', '# (leftover block removed)\nresource "aws_subnet" "public" {'),
            ("bash", "cd live/staging/network && terragrunt plan -no-color | grep -E 'destroy|Plan:'", "Plan: 0 to add, 0 to change, 0 to destroy."),
            ("edit", "modules/network/subnets.tf", 'resource "aws_subnet" "public" {', 'resource "aws_subnet" "public" {\n  for_each = var.azs\n}\nmoved {\n  from = aws_subnet.public_a\n  to   = aws_subnet.public["eu-central-1a"]\n}'),
            ("bash", "cd live/staging/network && terragrunt plan -no-color | grep -E 'destroy|Plan:'", "Plan: 0 to add, 0 to change, 0 to destroy."),
            ("read", "modules/network/nat.tf", 'resource "aws_nat_gateway" "a" { subnet_id = aws_subnet.public_a.id }\nresource "aws_nat_gateway" "b" { subnet_id = aws_subnet.public_b.id }\nresource "aws_route_table" "private_a" { ... }'),
            ("edit", "modules/network/nat.tf", 'resource "aws_nat_gateway" "a" { subnet_id = aws_subnet.public_a.id }', 'resource "aws_nat_gateway" "a" { subnet_id = aws_subnet.public["eu-central-1a"].id }'),
            ("edit", "modules/network/nat.tf", 'resource "aws_nat_gateway" "b" { subnet_id = aws_subnet.public_b.id }', 'resource "aws_nat_gateway" "b" { subnet_id = aws_subnet.public["eu-central-1b"].id }'),
            ("bash", "cd live/staging/network && terragrunt plan -no-color | grep -E 'destroy|Plan:'", "Plan: 0 to add, 0 to change, 0 to destroy."),
        ]
        s.work(steps)
        s.say(
            "Staging: main.tf split into five files, private and public subnets are now `for_each` over the AZs with `moved` blocks, NAT gateways point at the new addresses, "
            "and the plan is **0 to add, 0 to change, 0 to destroy**. The NAT gateways and private route tables are still one block per AZ (a, b); turning those into `for_each` "
            "is the same pattern but each route table move needs care. Shall I continue with them or check prod first?"
        )
        s.user("Check prod first. The NAT/route table part — let's not do it today, it's fiddly and I'd rather do it with Pierre next sprint. Just note it in the module.")
        s.work([
            ("bash", "cd live/prod/network && terragrunt plan -no-color | grep -E 'has moved|destroy|Plan:' | tail -4", '  # aws_subnet.public_b has moved to aws_subnet.public["eu-central-1b"]\n  # aws_subnet.public_c has moved to aws_subnet.public["eu-central-1c"]\nPlan: 0 to add, 0 to change, 0 to destroy.'),
            ("edit", "modules/network/nat.tf", 'resource "aws_nat_gateway" "a"', '# TODO(next sprint, with Pierre): NAT gateways and private route tables -> for_each over var.azs\n# with moved blocks, like subnets.tf. Still one block per AZ; adding an AZ means copying blocks.\nresource "aws_nat_gateway" "a"'),
            ("bash", "terraform fmt -recursive modules/network && tflint --chdir modules/network", "modules/network/subnets.tf\n\n(no issues found)"),
            ("bash", "git add -A && git commit -qm 'network module: split by concern, subnets for_each with moved blocks (no replacement in staging/prod)' && git log --oneline -1", "c3d12f0 network module: split by concern, subnets for_each with moved blocks (no replacement in staging/prod)"),
        ])
        s.say("Prod plan is also 0/0/0 (six subnets moved). TODO added in `nat.tf`, formatted, tflint clean, committed c3d12f0.")
        s.user("Thanks! A wrap-up for the PR description please.")
        s.say(
            "**network module refactor**\n\n"
            "- `main.tf` (612 lines) split into `vpc.tf`, `subnets.tf`, `nat.tf`, `endpoints.tf`, `flow_logs.tf`.\n"
            "- Private and public subnets: `for_each` over `var.azs` instead of copy-pasted `_a/_b/_c` blocks, with `moved` blocks for every old address.\n"
            "- Plans: staging and prod both **0 to add, 0 to change, 0 to destroy**; nothing is replaced.\n"
            "- A leftover `private_a_unused` block (which would have destroyed a subnet) was caught in the plan and removed.\n\n"
            "Not in this PR (deferred, TODO in `nat.tf`): NAT gateways and private route tables are still one block per AZ; convert them next sprint with Pierre."
        )

    @session("m36-preference-runbook-il2cpp-build", "marrowlight", "2026-10-30T17:00:00", ["runbook", "preference"])
    def _(s):
        s.user("aoi says the steam build crashes on start on her machine. mine works. she built it from the editor build menu")
        s.bash("tail -20 ~/shared/aoi/Player.log", "Crash!!!\nNullReferenceException in Marrow.Save.SaveMigrations..cctor ()\n  at System.Reflection.RuntimeMethodInfo.Invoke\nIL2CPP: type Marrow.Save.Migrations.V3ToV4 was stripped")
        s.say("IL2CPP stripped `V3ToV4`: the save migrations are only found through reflection, so the linker removes them. Your build works because `Tools/build.sh` copies `link.xml` into Assets before building; the editor menu doesn't.")
        s.read("Tools/build.sh", "#!/bin/bash\ncp Tools/link.xml Assets/link.xml\nUnity -batchmode -quit -projectPath . -executeMethod Marrow.Build.Steam -logFile build.log\nrm Assets/link.xml")
        s.bash("git mv Tools/link.xml Assets/link.xml && sed -i '/link.xml/d' Tools/build.sh", "")
        s.bash("./Tools/build.sh && ./Builds/Steam/Marrowlight.x86_64 -batchmode -nographics -runSmoke 2>&1 | tail -2", "[Smoke] loaded save v3, migrated to v4\n[Smoke] OK")
        s.say("`link.xml` now lives in `Assets/` permanently, so editor builds keep the migrations too. Built and ran the smoke test: a v3 save migrates to v4, no crash.")
        s.user("good. and tell aoi / everyone: release builds always go through Tools/build.sh, never the editor build menu. put it in CONTRIBUTING")
        s.edit("CONTRIBUTING.md", "## Builds\n", "## Builds\n\nRelease builds (Steam, Switch) always go through `Tools/build.sh`, never File > Build from the editor: the script sets the scripting defines, version stamp and runs the smoke test.\n\nIf a build crashes at start with a `NullReferenceException` in a static constructor and the log says a type `was stripped`, IL2CPP removed something only used through reflection: add it to `Assets/link.xml`.\n")
        s.say("Added to CONTRIBUTING.md: release builds only via `Tools/build.sh`, and what a stripped-type crash looks like and how to fix it.")

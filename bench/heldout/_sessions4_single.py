"""Fourth set, English sessions with one text category (m13-m27)."""


def register(session):
    # ---------------------------------------------------------------- decision
    @session("m13-decision-redis-queue-driver", "brightcart", "2026-10-06T09:00:00", ["decision"])
    def _(s):
        s.user("order confirmation mails go out 2-3 min late since black friday test. queue is on database driver. should we move?")
        s.read(".env.example", "APP_ENV=production\nQUEUE_CONNECTION=database\nREDIS_HOST=127.0.0.1\nCACHE_STORE=redis\nSESSION_DRIVER=redis")
        s.bash("php artisan queue:monitor database:default", "[database] default ........ 1 284 jobs")
        s.say(
            "The `jobs` table has 1,284 pending jobs; the database driver polls with `SELECT ... FOR UPDATE`, and under "
            "load the workers contend on that table. Options:\n\n1. **Redis driver + Horizon**: Redis is already running "
            "(cache and sessions use it), Horizon gives you a dashboard and auto-balancing. Cost: one more thing to keep alive, "
            "and jobs are lost if Redis is flushed.\n2. **Stay on database, more workers**: no new moving parts, but contention gets worse with more workers.\n"
            "3. **SQS**: durable, but a new AWS dependency for a shop that runs on one Forge server.\n\nI'd lean to 1."
        )
        s.user("redis. we have it anyway and horizon dashboard is nice for marta. do it")
        s.edit(".env.example", "QUEUE_CONNECTION=database", "QUEUE_CONNECTION=redis")
        s.bash("composer require laravel/horizon && php artisan horizon:install", "./composer.json has been updated\nUsing version ^5.29 for laravel/horizon\n...\nHorizon scaffolding installed successfully.")
        s.edit("config/horizon.php", "'maxProcesses' => 1,", "'maxProcesses' => 6,")
        s.say(
            "Switched the queue to Redis with Horizon:\n- `QUEUE_CONNECTION=redis` in `.env.example` (update the server's `.env` on deploy)\n"
            "- `laravel/horizon` ^5.29 installed, `config/horizon.php` with up to 6 processes for `default`\n\n"
            "On Forge, replace the `queue:work` daemon with `php artisan horizon`. The 1,284 jobs still in the `jobs` table "
            "need one last `php artisan queue:work database --stop-when-empty` run to drain."
        )

    @session("m14-decision-s3-state-backend", "skyforge", "2026-10-07T10:15:00", ["decision"])
    def _(s):
        s.user(
            "OK so we finally need to get the state off my laptop, I know, I know 🙈. The two options people "
            "keep suggesting are Terraform Cloud and plain S3 with a DynamoDB lock table. Can you set one up? I think S3 — "
            "we're already all-in on AWS, Atlantis runs our plans anyway so TFC's runner would be wasted, and I really "
            "don't want another vendor login and per-resource pricing. So let's go with S3 + DynamoDB, one bucket per account."
        )
        s.bash("ls live/", "prod\nstaging\nshared")
        s.write(
            "live/terragrunt.hcl",
            'remote_state {\n  backend = "s3"\n  generate = {\n    path      = "backend.tf"\n    if_exists = "overwrite"\n  }\n  config = {\n    bucket         = "skyforge-tfstate-${get_aws_account_id()}"\n    key            = "${path_relative_to_include()}/terraform.tfstate"\n    region         = "eu-central-1"\n    encrypt        = true\n    dynamodb_table = "skyforge-tf-locks"\n  }\n}',
        )
        s.bash("cd live/staging && terragrunt init -migrate-state -force-copy", "Initializing the backend...\nTerraform has been successfully initialized!\n\nSuccessfully migrated state to \"s3\".")
        s.say(
            "Done for staging: `live/terragrunt.hcl` now generates an S3 backend (bucket `skyforge-tfstate-<account id>`, "
            "key per folder, encrypted, lock table `skyforge-tf-locks`) and staging's state is migrated. Terragrunt creates "
            "the bucket and table on first init if missing. Run the same `init -migrate-state` in `live/prod` and `live/shared` "
            "when you're ready, then delete the local `terraform.tfstate` files."
        )

    @session("m15-decision-addressables", "marrowlight", "2026-10-08T19:30:00", ["decision"])
    def _(s):
        s.user("switch build is 1.9gb and loads forever. everything is in Resources/. addressables or asset bundles by hand?")
        s.bash("du -sh Assets/Resources/*", "612M\tAssets/Resources/Biomes\n288M\tAssets/Resources/Audio\n94M\tAssets/Resources/Enemies\n41M\tAssets/Resources/UI")
        s.say(
            "Everything in `Resources/` is packed into one blob that Unity indexes at startup, which is why the load is slow. "
            "Hand-rolled AssetBundles would give full control but you'd write the dependency tracking and the loading code yourself. "
            "Addressables wraps bundles, handles dependencies, and lets you group per biome so only the current biome is in memory."
        )
        s.user("addressables then, not writing a bundle manager for a 3 person team. start with biomes")
        s.bash("git mv Assets/Resources/Biomes Assets/Biomes", "")
        s.write("Assets/AddressableAssetsData/AssetGroups/Biome_Crypt.asset", "%YAML 1.1\n--- !u!114 &11400000\nMonoBehaviour:\n  m_Name: Biome_Crypt\n  m_BundleMode: 0\n  m_IncludeInBuild: 1")
        s.edit("Assets/Scripts/World/BiomeLoader.cs", "var prefab = Resources.Load<GameObject>($\"Biomes/{id}/Root\");", "var handle = Addressables.LoadAssetAsync<GameObject>($\"biome/{id}/root\");\n        var prefab = await handle.Task;")
        s.say(
            "Moved the biomes out of `Resources/` into `Assets/Biomes`, created an Addressables group per biome (starting with `Biome_Crypt`), and "
            "`BiomeLoader` now loads `biome/{id}/root` asynchronously through Addressables. Audio, Enemies and UI are still in Resources for now."
        )

    # ---------------------------------------------------------------- runbook
    @session("m16-runbook-skewed-join-oom", "dunehold", "2026-10-09T06:40:00", ["runbook"])
    def _(s):
        s.user(
            "The nightly lane_costs job died again with executor OOM, third time this week. Stage 14, the join of "
            "shipments with carrier_rates. Can you figure out why and fix it properly? Logs are in /tmp/driver.log."
        )
        s.bash("grep -n 'OutOfMemory\\|Stage 14' /tmp/driver.log | tail -5", "3021: INFO DAGScheduler: Submitting Stage 14 (SortMergeJoin)\n3377: WARN TaskSetManager: Lost task 187.3 in stage 14.0: ExecutorLostFailure (executor 31 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits. 18.2 GB of 18 GB physical memory used\n3378: ERROR TaskSetManager: Task 187 in stage 14.0 failed 4 times; aborting job")
        s.bash("databricks fs cat dbfs:/jobs/lane_costs/metrics/stage14_tasks.csv | sort -t, -k3 -n -r | head -3", "task,partition,input_rows\n187,187,41220394\n12,12,88112\n95,95,87730")
        s.say("Task 187 reads 41M rows while the others read ~88K: classic skew. Let me see which key.")
        s.bash("spark-sql -e \"select carrier_id, count(*) c from shipments where week='2026-W40' group by 1 order by c desc limit 3\"", "C-0001\t41187022\nC-2291\t90412\nC-0440\t88210")
        s.read("core/src/main/scala/dunehold/LaneCostJob.scala", "val joined = shipments.join(carrierRates, Seq(\"carrier_id\", \"lane_id\"))")
        s.edit(
            "core/src/main/scala/dunehold/LaneCostJob.scala",
            "val joined = shipments.join(carrierRates, Seq(\"carrier_id\", \"lane_id\"))",
            "// C-0001 is the in-house fleet (~99% of rows); salt it so one task doesn't get all of it\nval salted = shipments.withColumn(\"salt\", when($\"carrier_id\" === \"C-0001\", (rand(7) * 64).cast(\"int\")).otherwise(lit(0)))\nval rates = carrierRates.withColumn(\"salt\", explode(when($\"carrier_id\" === \"C-0001\", sequence(lit(0), lit(63))).otherwise(array(lit(0)))))\nval joined = salted.join(rates, Seq(\"carrier_id\", \"lane_id\", \"salt\")).drop(\"salt\")",
        )
        s.bash("sbt -batch core/test && databricks jobs run-now --job-id 4471 --wait", "[info] All tests passed.\n...\nRun 88213 TERMINATED: SUCCESS (21m 08s). Stage 14 max task input: 702 311 rows.")
        s.say(
            "Fixed. Cause: carrier `C-0001` (the in-house fleet) is ~99% of shipments, so the sort-merge join put 41M rows "
            "into a single task (187), which blew the 18 GB container. I salted that key into 64 buckets (and exploded the "
            "matching rate rows), so the largest task now reads ~700K rows. Rerun succeeded in 21 min.\n\n"
            "How to recognise it next time: `ExecutorLostFailure ... exceeding memory limits` on one task of a join stage while "
            "the rest are fine; check the per-task input rows and `group by` the join key."
        )
        s.user("great, thanks")
        s.say("👍")

    @session("m17-runbook-atlantis-stuck-lock", "skyforge", "2026-10-10T15:00:00", ["runbook"])
    def _(s):
        s.user(
            "Ugh, Atlantis says 'This project is currently locked by an unapplied plan' on PR #412 but that PR was closed "
            "yesterday without merging. Nobody can plan staging/network now. Help? And please write down how to get out of "
            "this for whoever hits it next, this is the second time."
        )
        s.bash("curl -s -H \"X-Atlantis-Token: $ATLANTIS_TOKEN\" https://atlantis.internal.skyforge.io/api/locks | jq '.locks[] | {id, pr: .pull.num}'", "{\n  \"id\": \"skyforge%2Fplatform/staging%2Fnetwork/default\",\n  \"pr\": 412\n}")
        s.bash("curl -s -X DELETE -H \"X-Atlantis-Token: $ATLANTIS_TOKEN\" 'https://atlantis.internal.skyforge.io/api/locks?id=skyforge%252Fplatform%252Fstaging%252Fnetwork%252Fdefault'", "{\"deleted\": true}")
        s.bash("gh pr comment 418 --body 'atlantis plan -d live/staging/network'", "https://github.com/skyforge/platform/pull/418#issuecomment-2291")
        s.write(
            "docs/runbooks/atlantis-stale-lock.md",
            "# Atlantis: project locked by a closed PR\n\n**Symptom**: `This project is currently locked by an unapplied plan` on a new PR; the PR holding the lock is closed.\n\n"
            "**Why**: Atlantis only drops locks on merge or an explicit unlock; closing a PR from the GitHub UI while the webhook was down leaves the lock behind.\n\n"
            "**Fix**:\n1. List locks: `curl -H \"X-Atlantis-Token: $ATLANTIS_TOKEN\" https://atlantis.internal.skyforge.io/api/locks`\n"
            "2. Delete it (id double URL-encoded): `curl -X DELETE ... '/api/locks?id=<id>'`, or the Unlock button in the Atlantis UI.\n"
            "3. Comment `atlantis plan -d <dir>` on the new PR and check the plan runs.\n",
        )
        s.say(
            "Unlocked: the stale lock from #412 on `staging/network` is deleted and the plan on #418 is running. "
            "I wrote the steps to `docs/runbooks/atlantis-stale-lock.md` (symptom, why it happens, how to list/delete the lock, how to check)."
        )

    @session("m18-runbook-horizon-stale-code", "brightcart", "2026-10-11T17:20:00", ["runbook"])
    def _(s):
        s.user("after deploy the new invoice pdf still has old footer. but only pdfs from queue, web is new. wtf")
        s.bash("ssh forge@shop-1 'ps -o pid,lstart,cmd -C php | grep horizon'", "  2211 Mon Oct  6 09:41:12 2026 php artisan horizon\n  2230 Mon Oct  6 09:41:13 2026 php artisan horizon:supervisor shop-1:supervisor-1")
        s.say("Horizon has been running since Oct 6, so the workers still have the old code in memory. The deploy script never restarts them.")
        s.read("forge/deploy.sh", "cd /home/forge/brightcart\ngit pull origin $FORGE_SITE_BRANCH\n$FORGE_COMPOSER install --no-dev --no-interaction --prefer-dist --optimize-autoloader\n$FORGE_PHP artisan migrate --force\n$FORGE_PHP artisan optimize")
        s.edit("forge/deploy.sh", "$FORGE_PHP artisan optimize", "$FORGE_PHP artisan optimize\n# workers keep old code in memory until told to stop; the daemon restarts them\n$FORGE_PHP artisan horizon:terminate")
        s.bash("ssh forge@shop-1 'cd brightcart && php artisan horizon:terminate' && sleep 5 && ssh forge@shop-1 'ps -o pid,lstart,cmd -C php | grep horizon'", "Sending TERM signal to processes.\n  9120 Sat Oct 11 17:31:02 2026 php artisan horizon")
        s.bash("ssh forge@shop-1 'cd brightcart && php artisan tinker --execute=\"dispatch(new App\\\\Jobs\\\\RenderInvoicePdf(10422));\"' && sleep 3 && ssh forge@shop-1 'pdftotext storage/app/invoices/10422.pdf - | tail -2'", "Brightcart GmbH · Ust-IdNr. DE 318 442 901\nwww.brightcart.de")
        s.say(
            "Cause: Horizon workers are long-running and had been up since Oct 6, so queued PDFs used the old footer template. "
            "I restarted them (`horizon:terminate`, the Forge daemon brings them back) and added `artisan horizon:terminate` at the end of `forge/deploy.sh` "
            "so every deploy does it. Re-rendered invoice 10422 from the queue: new footer."
        )
        s.user("ok")
        s.say("👍")

    # ---------------------------------------------------------------- constraint
    @session("m19-constraint-mollie-webhook-timeout", "brightcart", "2026-10-12T10:00:00", ["constraint"], ("decision", "runbook"))
    def _(s):
        s.user("mollie webhook sometimes times out and they retry, then we send 2 confirmation mails")
        s.read("app/Http/Controllers/MollieWebhookController.php", "public function __invoke(Request $request)\n{\n    $payment = Mollie::api()->payments->get($request->id);\n    $order = Order::where('mollie_id', $payment->id)->firstOrFail();\n    if ($payment->isPaid()) {\n        $order->markPaid();\n        Mail::to($order->email)->send(new OrderConfirmed($order));\n        $this->erp->pushOrder($order);\n    }\n    return response()->noContent();\n}")
        s.say("The webhook sends mail and pushes to the ERP synchronously before answering. How long does Mollie wait?")
        s.user("15 sec then they count it failed and retry, up to 10 times over 26 hours. its in their docs. our erp push alone is like 8-20s")
        s.edit(
            "app/Http/Controllers/MollieWebhookController.php",
            "    if ($payment->isPaid()) {\n        $order->markPaid();\n        Mail::to($order->email)->send(new OrderConfirmed($order));\n        $this->erp->pushOrder($order);\n    }",
            "    // Mollie gives up after 15 s and retries: answer fast, do the slow work on the queue, and be idempotent\n    if ($payment->isPaid() && $order->markPaidOnce()) {\n        SendOrderConfirmation::dispatch($order);\n        PushOrderToErp::dispatch($order);\n    }",
        )
        s.bash("php artisan test --filter=MollieWebhook", "   PASS  Tests\\Feature\\MollieWebhookTest\n  ✓ paid payment marks order paid once\n  ✓ retry does not send a second mail\n\n  Tests:    2 passed (5 assertions)")
        s.say(
            "Mollie counts a webhook as failed after 15 s and retries, and the ERP push alone can take 8-20 s, so the retries "
            "were re-running the whole thing. The webhook now only marks the order paid (once, `markPaidOnce` returns false on a retry) "
            "and dispatches the mail and the ERP push as queued jobs; it answers in well under a second. Tests pass."
        )

    @session("m20-constraint-switch-texture-budget", "marrowlight", "2026-10-13T14:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user("the new crypt tileset is 4k textures everywhere. reminder we cant go over 512mb texture memory on switch, lotcheck failed us on that last time. can u check where we are")
        s.bash("Unity -batchmode -quit -projectPath . -executeMethod Marrow.Tools.MemoryReport.TexturesForBiome -biome crypt -platform Switch -logFile -", "[MemoryReport] biome=crypt platform=Switch\n  Tiles_Crypt_*      214.0 MB (38 textures, 4096x4096, ASTC 6x6)\n  Props_Crypt_*       96.5 MB\n  Characters          128.0 MB\n  UI                   61.2 MB\n  VFX                  44.8 MB\n  TOTAL               544.5 MB")
        s.say("544.5 MB, 32.5 MB over. The crypt tiles are the big item: 38 textures at 4096².")
        s.write("Assets/Editor/Import/CryptSwitchOverride.cs", "// Switch: 2048 max for tileset textures (512 MB texture budget for the whole scene)\n[InitializeOnLoad]\nstatic class CryptSwitchOverride\n{\n    static CryptSwitchOverride() => TextureOverrides.Register(\"Tiles_Crypt_\", BuildTarget.Switch, maxSize: 2048);\n}")
        s.bash("Unity -batchmode -quit -projectPath . -executeMethod Marrow.Tools.MemoryReport.TexturesForBiome -biome crypt -platform Switch -logFile - | tail -1", "  TOTAL               384.0 MB")
        s.say("Capped the crypt tileset at 2048² for Switch only (PC keeps 4K). Crypt on Switch is now 384 MB, under the 512 MB budget.")

    @session("m21-constraint-data-residency", "dunehold", "2026-10-14T09:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user(
            "Someone suggested writing the weekly aggregates to the analytics bucket in us-east-1 because the BI tool lives "
            "there. That's not possible: under our contract with the Nordic customers, shipment-level data must not leave "
            "the EU, and aggregates count as shipment-level if a lane has fewer than 5 shipments in the week. Please make sure "
            "the export job can't write outside eu-west-1, and drop small lanes from anything that does go out."
        )
        s.read("export/src/main/scala/dunehold/export/BiExport.scala", "def run(spark: SparkSession, target: String): Unit = {\n  val df = spark.table(\"gold.lane_costs_weekly\")\n  df.write.mode(\"overwrite\").parquet(target)\n}")
        s.edit(
            "export/src/main/scala/dunehold/export/BiExport.scala",
            "  val df = spark.table(\"gold.lane_costs_weekly\")\n  df.write.mode(\"overwrite\").parquet(target)",
            "  Residency.requireEu(target) // contract: shipment-level data stays in the EU (eu-west-1)\n  val df = spark.table(\"gold.lane_costs_weekly\").where($\"shipment_count\" >= 5)\n  df.write.mode(\"overwrite\").parquet(target)",
        )
        s.write("export/src/main/scala/dunehold/export/Residency.scala", "object Residency {\n  private val Allowed = Set(\"eu-west-1\")\n  def requireEu(target: String): Unit = {\n    val region = S3Region.of(target)\n    require(Allowed(region), s\"$target is in $region: shipment-level data must stay in the EU\")\n  }\n}")
        s.bash("sbt -batch export/test", "[info] BiExportSpec:\n[info] - refuses a us-east-1 target\n[info] - drops lanes with fewer than 5 shipments\n[info] All tests passed.")
        s.say(
            "The export now refuses any target outside eu-west-1 (`Residency.requireEu`, fails fast with the reason) and filters out lanes with fewer than 5 shipments "
            "in the week before writing. Tests for both pass. The BI tool will need to read from the EU bucket (or get an EU replica of the aggregates)."
        )

    # ---------------------------------------------------------------- tech_debt
    @session("m22-techdebt-hardcoded-ami", "skyforge", "2026-10-15T11:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("While you're in there: the bastion module has the AMI id hardcoded, right? Can you check?")
        s.grep("ami-", "modules/bastion/main.tf:7:  ami           = \"ami-0a1b2c3d4e5f60718\" # amazon linux 2023, 2025-11\nmodules/ci-runner/main.tf:12:  ami = \"ami-0a1b2c3d4e5f60718\"")
        s.say(
            "Yes, in two places (`bastion` and `ci-runner`), both pinned to an Amazon Linux 2023 image from November 2025, so neither gets security patches "
            "unless someone bumps the id by hand. The usual fix is an `aws_ami` data source filtered on the AL2023 name pattern, or an SSM parameter "
            "lookup (`/aws/service/ami-amazon-linux-latest/...`). Want me to change it?"
        )
        s.user("Not now — changing the AMI recreates both instances and I don't want to do that in the middle of the audit. Let's leave it till after the audit ends (Nov 20) but make sure it doesn't get forgotten.")
        s.edit("modules/bastion/main.tf", '  ami           = "ami-0a1b2c3d4e5f60718" # amazon linux 2023, 2025-11', '  # TODO(after audit, ~Nov 20): use the SSM latest-AL2023 parameter instead of a pinned id; recreates the instance\n  ami           = "ami-0a1b2c3d4e5f60718" # amazon linux 2023, 2025-11')
        s.say("Left the AMIs as they are and added a TODO on the bastion module pointing at the SSM lookup and the instance replacement; the same applies to `ci-runner`.")

    @session("m23-techdebt-python-udf", "dunehold", "2026-10-16T08:20:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("Why is the fuel surcharge step so slow? It's 40% of the runtime.")
        s.read("core/src/main/scala/dunehold/FuelSurcharge.scala", "val surcharge = udf((km: Double, index: Double, bracket: String) => Brackets.rate(bracket) * km * index / 100.0)\nval out = df.withColumn(\"fuel_surcharge\", surcharge($\"km\", $\"diesel_index\", $\"bracket\"))")
        s.say(
            "It's a Scala UDF: Catalyst can't see into it, so it can't push anything down and every row is deserialised to call the lambda. "
            "`Brackets.rate` is a lookup in a map of 12 brackets, so this can be a `when` chain or a broadcast join against a small bracket table; "
            "that should take the step down to seconds. It touches the invoice reconciliation numbers though, so it needs finance to re-sign-off the output."
        )
        s.user("Right, that's what I was afraid of. Not before quarter close, finance won't look at anything until January. Leave it, just note it down so it doesn't get lost.")
        s.edit("core/src/main/scala/dunehold/FuelSurcharge.scala", "val surcharge = udf(", "// DEBT: opaque UDF = ~40% of the job's runtime. Replace with a when-chain or a broadcast join on the 12 brackets;\n// needs finance to re-sign-off the surcharge numbers, so not before Q4 close (January).\nval surcharge = udf(")
        s.say("Noted in the code above the UDF: what it costs (~40% of runtime), the fix, and why it waits until after the January close.")

    @session("m24-techdebt-save-hack", "marrowlight", "2026-10-17T23:10:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("saves corrupt sometimes when u quit during autosave. demo is friday. quickest fix?")
        s.read("Assets/Scripts/Save/SaveSystem.cs", "public void Autosave()\n{\n    var json = JsonUtility.ToJson(state);\n    File.WriteAllText(SavePath, json);\n}")
        s.say("The write isn't atomic: quitting mid-write leaves a half file. Proper fix is write-to-temp + `File.Replace` plus a backup slot and a version header. Quick fix is just the temp file + replace.")
        s.user("quick one. proper save slots + versioning after the demo, i know its hacky")
        s.edit("Assets/Scripts/Save/SaveSystem.cs", "    File.WriteAllText(SavePath, json);", "    // HACK for the demo: atomic write only. After the demo: backup slot, version header, migration.\n    var tmp = SavePath + \".tmp\";\n    File.WriteAllText(tmp, json);\n    if (File.Exists(SavePath)) File.Replace(tmp, SavePath, null); else File.Move(tmp, SavePath);")
        s.say("Autosave now writes to a `.tmp` file and swaps it in, so a quit mid-save keeps the previous save. Marked it as a demo hack; backup slot and versioning still to do after Friday.")

    # ---------------------------------------------------------------- preference
    @session("m25-preference-pest-tests", "brightcart", "2026-10-18T10:00:00", ["preference"])
    def _(s):
        s.user("write test for CouponService::apply, percent and fixed coupons")
        s.write("tests/Unit/CouponServiceTest.php", "<?php\n\nnamespace Tests\\Unit;\n\nuse PHPUnit\\Framework\\TestCase;\n\nclass CouponServiceTest extends TestCase\n{\n    public function test_percent_coupon(): void\n    {\n        $this->assertSame(9000, (new CouponService)->apply(10000, Coupon::percent(10)));\n    }\n}")
        s.user("no, we write pest here not phpunit classes. all tests. and `it(...)` not `test(...)`")
        s.bash("rm tests/Unit/CouponServiceTest.php", "")
        s.write("tests/Unit/CouponServiceTest.php", "<?php\n\nuse App\\Services\\CouponService;\nuse App\\Models\\Coupon;\n\nit('takes a percentage off', function () {\n    expect((new CouponService)->apply(10000, Coupon::percent(10)))->toBe(9000);\n});\n\nit('takes a fixed amount off but never below zero', function () {\n    expect((new CouponService)->apply(10000, Coupon::fixed(2500)))->toBe(7500)\n        ->and((new CouponService)->apply(1000, Coupon::fixed(2500)))->toBe(0);\n});")
        s.bash("./vendor/bin/pest tests/Unit/CouponServiceTest.php", "   PASS  Tests\\Unit\\CouponServiceTest\n  ✓ it takes a percentage off\n  ✓ it takes a fixed amount off but never below zero\n\n  Tests:    2 passed (3 assertions)")
        s.say("Rewrote it as Pest with `it(...)`; both pass. I'll write tests in this repo that way.")

    @session("m26-preference-for-each-not-count", "skyforge", "2026-10-19T13:40:00", ["preference"])
    def _(s):
        s.user("Can you add three SQS queues for the billing team: invoices, reminders, dunning. Same settings as the others.")
        s.read("modules/queues/main.tf", 'resource "aws_sqs_queue" "this" {\n  for_each                  = var.queues\n  name                      = "${var.prefix}-${each.key}"\n  message_retention_seconds = 1209600\n}')
        s.write("live/prod/billing-queues/terragrunt.hcl", 'terraform { source = "../../../modules/queues" }\ninputs = {\n  prefix = "billing"\n  count  = 3\n  names  = ["invoices", "reminders", "dunning"]\n}')
        s.user(
            "Hmm no, please never use count/index lists for things like this in our repo — removing 'reminders' later would shift "
            "dunning's index and Terraform would destroy and recreate it. We always key by name with for_each (a map), even for one resource. "
            "The module already takes a map."
        )
        s.write("live/prod/billing-queues/terragrunt.hcl", 'terraform { source = "../../../modules/queues" }\ninputs = {\n  prefix = "billing"\n  queues = {\n    invoices  = {}\n    reminders = {}\n    dunning   = {}\n  }\n}')
        s.bash("cd live/prod/billing-queues && terragrunt plan -no-color | tail -3", "  # aws_sqs_queue.this[\"reminders\"] will be created\n\nPlan: 3 to add, 0 to change, 0 to destroy.")
        s.say("Switched to the module's `queues` map keyed by name; the plan adds `billing-invoices`, `billing-reminders` and `billing-dunning`. Got it: `for_each` with named keys, never `count`, in this repo.")

    @session("m27-preference-dataframe-not-dataset", "dunehold", "2026-10-20T10:30:00", ["preference"])
    def _(s):
        s.user("Please add a step that computes empty-kilometre ratio per carrier and week.")
        s.write("core/src/main/scala/dunehold/EmptyKm.scala", "case class Leg(carrierId: String, week: String, km: Double, loaded: Boolean)\n\nobject EmptyKm {\n  def apply(legs: Dataset[Leg]): Dataset[(String, String, Double)] =\n    legs.groupByKey(l => (l.carrierId, l.week)).mapGroups { case ((c, w), it) =>\n      val all = it.toSeq; (c, w, all.filterNot(_.loaded).map(_.km).sum / all.map(_.km).sum)\n    }\n}")
        s.user(
            "This works, but we don't use typed Datasets and groupByKey in this codebase — they bypass the optimizer and the "
            "mapGroups pulls the whole group into memory. Everything here is DataFrame + functions from org.apache.spark.sql.functions, "
            "with column names in snake_case. Could you redo it that way?"
        )
        s.write("core/src/main/scala/dunehold/EmptyKm.scala", "object EmptyKm {\n  def apply(legs: DataFrame): DataFrame =\n    legs.groupBy($\"carrier_id\", $\"week\")\n      .agg((sum(when(!$\"loaded\", $\"km\").otherwise(0.0)) / sum($\"km\")).as(\"empty_km_ratio\"))\n}")
        s.bash("sbt -batch 'core/testOnly *EmptyKmSpec'", "[info] EmptyKmSpec:\n[info] - ratio of unloaded km per carrier and week\n[info] All tests passed.")
        s.say("Rewrote `EmptyKm` as a DataFrame `groupBy`/`agg` with snake_case columns (`empty_km_ratio`); test passes. I'll stick to DataFrames and `functions._` here.")

"""Fourth set, negatives (m01-m12): nothing here is worth a memory."""

NONE: list[str] = []


def register(session):
    @session("m01-question-artisan-optimize", "brightcart", "2026-10-06T08:14:00", NONE)
    def _(s):
        s.user("what does php artisan optimize actually do? do i need it on local")
        s.say(
            "`php artisan optimize` caches the framework bootstrap files: it runs `config:cache`, `route:cache`, "
            "`view:cache` and `event:cache` in one go, so Laravel reads one compiled PHP file instead of parsing "
            "every config file and route file on each request.\n\n"
            "On local you don't want it: once config is cached, changes to `.env` or `config/*.php` are ignored "
            "until you run `php artisan optimize:clear`. It's meant for the deploy step in production."
        )
        s.user("ok makes sense thx")
        s.say("You're welcome.")

    @session("m02-trivial-readme-typo", "skyforge", "2026-10-06T10:02:00", NONE)
    def _(s):
        s.user("there's a typo in the README, 'terragrunt plan-all' is spelled 'terragrnut'. fix pls")
        s.grep("terragrnut", "README.md:41:Run `terragrnut run-all plan` from the environment folder.")
        s.edit("README.md", "Run `terragrnut run-all plan`", "Run `terragrunt run-all plan`")
        s.say("Fixed the typo on line 41 of README.md (`terragrnut` -> `terragrunt`). No other occurrences.")

    @session("m03-chitchat-boss-fight", "marrowlight", "2026-10-07T21:40:00", NONE)
    def _(s):
        s.user("ok i just played the new build for like an hour, the bone warden fight is brutal lol. good job on the particles yesterday")
        s.say("Glad the particles held up! If the Bone Warden feels too punishing after a few more runs, tell me what "
              "you'd want changed and I can look at its attack timings.")
        s.user("nah its fine, it's supposed to be hard. night")
        s.say("Good night!")

    @session("m04-green-sbt-test", "dunehold", "2026-10-08T07:55:00", NONE)
    def _(s):
        s.user("Could you run the unit tests before I open the PR? Just the core module.")
        s.bash(
            "sbt -batch core/test",
            "[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 11.0.22)\n[info] loading project definition from "
            "/home/ravi/repos/dunehold/project\n[info] compiling 3 Scala sources to /home/ravi/repos/dunehold/core/target/scala-2.12/classes ...\n"
            "[info] LaneCostSpec:\n[info] - aggregates per lane and week\n[info] - drops shipments without a carrier\n"
            "[info] FuelSurchargeSpec:\n[info] - applies the weekly diesel index\n[info] Run completed in 41 seconds, 388 milliseconds.\n"
            "[info] Total number of tests run: 57\n[info] Tests: succeeded 57, failed 0, canceled 0, ignored 0, pending 0\n[info] All tests passed.\n[success] Total time: 63 s",
        )
        s.say("All 57 tests in `core` pass (41 s). Good to open the PR.")

    @session("m05-nearmiss-eks-vs-ecs-undecided", "skyforge", "2026-10-08T13:20:00", NONE)
    def _(s):
        s.user(
            "Thinking out loud here. The data team wants to run their little internal APIs somewhere and I'm torn "
            "between giving them a namespace on the existing EKS cluster or a separate ECS Fargate setup. Can you "
            "look at what we have and give me the pros and cons? I don't want to decide today, I need to talk to Ana first."
        )
        s.bash("ls modules/", "eks-cluster\neks-addons\nnetwork\nrds-postgres\ns3-bucket\niam-roles")
        s.read("modules/eks-cluster/main.tf", 'module "eks" {\n  source  = "terraform-aws-modules/eks/aws"\n  version = "~> 20.8"\n\n  cluster_name    = var.name\n  cluster_version = "1.29"\n  eks_managed_node_groups = {\n    general = {\n      instance_types = ["m6i.large"]\n      min_size       = 3\n      max_size       = 9\n    }\n  }\n}')
        s.say(
            "**Namespace on the existing EKS cluster**\n- + No new infrastructure: node group `general` (m6i.large, 3-9 nodes) has headroom, and you already have ingress, external-dns and monitoring in `eks-addons`.\n"
            "- + One way to deploy for everyone.\n- - The data team would need to learn Helm/kubectl, and their workloads share nodes with yours (noisy neighbours, upgrades of 1.29 affect them).\n\n"
            "**Separate ECS Fargate**\n- + Simpler mental model for a team that just wants to run a container; no nodes to patch.\n"
            "- + Blast radius is separate.\n- - A second platform to maintain in this repo (new module, new IAM, new logging path).\n- - Fargate costs more per vCPU than your existing nodes at steady load.\n\n"
            "Neither is clearly better without knowing how many services they'll run and who will be on call for them; those are good questions for Ana."
        )
        s.user("yeah. ok thanks, parking this until I've talked to her")
        s.say("Sounds good.")

    @session("m06-nearmiss-steam-leaderboard-limits", "marrowlight", "2026-10-09T16:05:00", NONE)
    def _(s):
        s.user("random q, my friend asked me how steam leaderboards handle like millions of scores. do they limit uploads or something? not for our game just curious")
        s.say(
            "Broadly: Steamworks leaderboards are stored by Valve, one entry per user per leaderboard. An upload "
            "either keeps the best score or forces the new one (`k_ELeaderboardUploadScoreMethodKeepBest` vs `ForceUpdate`), "
            "so the size grows with players, not uploads. Valve documents that calls are rate-limited per user "
            "(uploads are throttled if a client spams them), and downloads return ranges of entries rather than the whole board. "
            "Details beyond that are Valve's internals and not published."
        )
        s.user("cool, ill tell him")
        s.say("👍")

    @session("m07-nearmiss-todo-read-out", "dunehold", "2026-10-09T09:10:00", NONE)
    def _(s):
        s.user("What's on the TODO list again? Just read it to me, I'll pick something after standup.")
        s.read("TODO.md", "# TODO\n\n- [ ] move lane_costs to liquid clustering?\n- [ ] look at the 3am Airflow retries\n- [ ] upgrade delta-spark to 3.2\n- [ ] ask finance about the new currency table\n- [x] fix week boundaries (ISO weeks)")
        s.say(
            "Open items in TODO.md:\n1. move `lane_costs` to liquid clustering?\n2. look at the 3am Airflow retries\n"
            "3. upgrade delta-spark to 3.2\n4. ask finance about the new currency table\n\n(The ISO week fix is ticked off.)"
        )

    @session("m08-nearmiss-review-no-changes", "brightcart", "2026-10-10T11:30:00", NONE)
    def _(s):
        s.user("can u review branch feature/wishlist from marta? dont change anything, just tell me if something look wrong")
        s.bash("git diff main...feature/wishlist --stat", " app/Http/Controllers/WishlistController.php | 64 +++++\n app/Models/Wishlist.php                    | 28 ++\n database/migrations/2026_10_08_wishlists.php | 31 ++\n routes/web.php                             |  4 +\n tests/Feature/WishlistTest.php             | 52 ++++\n 5 files changed, 179 insertions(+)")
        s.bash("git diff main...feature/wishlist -- app/Http/Controllers/WishlistController.php", "+    public function store(Request $request)\n+    {\n+        $request->validate(['product_id' => 'required|exists:products,id']);\n+        $request->user()->wishlist()->firstOrCreate(['product_id' => $request->product_id]);\n+        return back();\n+    }\n+\n+    public function destroy(Wishlist $wishlist)\n+    {\n+        $wishlist->delete();\n+        return back();\n+    }")
        s.say(
            "Looks mostly fine. Two things I'd mention to Marta:\n\n"
            "1. `destroy()` doesn't check ownership: any logged-in user can delete someone else's wishlist entry by id. "
            "A policy (`$this->authorize('delete', $wishlist)`) or scoping through `$request->user()->wishlist()` would fix it.\n"
            "2. The migration has no unique index on `(user_id, product_id)`, so `firstOrCreate` can race on double clicks.\n\n"
            "Tests cover the happy path only. I didn't change anything."
        )
        s.user("good catch on 1, ill write her")
        s.say("👍")

    @session("m09-pt-question-state-mv", "skyforge", "2026-10-12T14:00:00", NONE)
    def _(s):
        s.user("oi, qual a diferença entre `terraform state mv` e o bloco `moved {}`? vi os dois no repo")
        s.say(
            "Fazem a mesma coisa no fim: mudam o endereço de um recurso no state sem destruí-lo.\n\n"
            "- `terraform state mv` é um comando imperativo: você roda na mão, contra um state específico, e ninguém mais vê isso no código.\n"
            "- O bloco `moved { from = ... to = ... }` fica no código: cada ambiente aplica a mudança no próximo `plan/apply`, e aparece no review.\n\n"
            "Por isso, em repositórios com vários ambientes, o `moved` costuma ser mais seguro. O `state mv` ainda serve para casos que o `moved` não cobre (mover entre states diferentes)."
        )
        s.user("valeu!")
        s.say("De nada!")

    @session("m10-ko-trivial-color", "marrowlight", "2026-10-13T20:10:00", NONE)
    def _(s):
        s.user("체력바 색깔 좀 더 밝은 빨강으로 바꿔줘. #C0392B 말고 #E74C3C")
        s.grep("C0392B", "Assets/UI/HealthBar.uss:4:    background-color: #C0392B;")
        s.edit("Assets/UI/HealthBar.uss", "    background-color: #C0392B;", "    background-color: #E74C3C;")
        s.say("`Assets/UI/HealthBar.uss`의 체력바 색을 `#E74C3C`로 바꿨습니다.")

    @session("m11-question-update-vs-fixedupdate", "marrowlight", "2026-10-14T10:45:00", NONE)
    def _(s):
        s.user("whats the actual difference between Update and FixedUpdate. i always forget")
        s.say(
            "`Update` runs once per rendered frame, so its rate varies with the frame rate; use it for input and "
            "anything visual, scaled by `Time.deltaTime`.\n\n`FixedUpdate` runs on the physics clock "
            "(`Time.fixedDeltaTime`, 0.02 s by default), zero, one or several times per frame; use it for applying "
            "forces and moving Rigidbodies.\n\nRule of thumb: read input in `Update`, apply it to physics in `FixedUpdate`."
        )

    @session("m12-trivial-log-message", "dunehold", "2026-10-15T08:30:00", NONE)
    def _(s):
        s.user("The log line in LaneCostJob says 'Writting' — please fix the spelling.")
        s.grep("Writting", "core/src/main/scala/dunehold/LaneCostJob.scala:88:    log.info(s\"Writting ${rows} rows to $target\")")
        s.edit("core/src/main/scala/dunehold/LaneCostJob.scala", 'log.info(s"Writting ${rows} rows to $target")', 'log.info(s"Writing ${rows} rows to $target")')
        s.say("Fixed: `Writting` -> `Writing` in LaneCostJob.scala line 88.")

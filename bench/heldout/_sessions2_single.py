"""English sessions of the second held-out set with one category each (the long session_summary ones are in _sessions2_long)."""

ALL = ["session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"]


def others(*keep):
    return [c for c in ALL if c not in keep]


def register(session):
    # ---------------------------------------------------------------- decision
    @session("g12-paging3-remote-mediator", "ledgerly", "2026-10-05T10:00:00", ["decision"], others("decision", "session_summary"))
    def _(s):
        s.user(
            "transactions list is loading all 2 years history in one request, it is slow and sometimes OOM on old "
            "Samsung. we need pagination. options i see: 1) Paging 3 with RemoteMediator and Room 2) our own "
            "pagination with offset in the ViewModel. what you think"
        )
        s.read(
            "feature/transactions/src/main/java/app/ledgerly/transactions/TransactionsViewModel.kt",
            "@HiltViewModel\nclass TransactionsViewModel @Inject constructor(\n    private val api: TransactionsApi,\n"
            ") : ViewModel() {\n    val items = MutableStateFlow<List<TransactionDto>>(emptyList())\n\n"
            "    fun load(accountId: String) = viewModelScope.launch {\n        items.value = api.history(accountId, from = null)\n    }\n}",
        )
        s.bash(
            "grep -n 'cursor\\|page' core/network/src/main/java/app/ledgerly/network/TransactionsApi.kt",
            "14:    @GET(\"accounts/{id}/transactions\")\n15:    suspend fun history(@Path(\"id\") id: String, @Query(\"from\") from: String?, @Query(\"cursor\") cursor: String? = null, @Query(\"limit\") limit: Int = 500): List<TransactionDto>",
        )
        s.say(
            "The backend is cursor based (`cursor` + `limit`), not offset based, which matters:\n\n"
            "- **Paging 3 + RemoteMediator + Room**: the mediator fetches pages by cursor into Room, the UI pages from "
            "Room. You get offline history, placeholders, retry and refresh for free; cost is the Room entity + "
            "`remote_keys` table and learning curve.\n"
            "- **Own pagination**: simple at first, but you'd re-implement scroll triggering, dedup on refresh, retry, "
            "and nothing is cached for offline.\n\n"
            "Given you already have Room for accounts, I'd lean to Paging 3."
        )
        s.user(
            "ok, we go with Paging 3 + RemoteMediator. own pagination is too much code to maintain for us and offline "
            "history was asked by product anyway. page size 50. please start with the mediator"
        )
        s.write(
            "feature/transactions/src/main/java/app/ledgerly/transactions/data/TransactionsRemoteMediator.kt",
            "@OptIn(ExperimentalPagingApi::class)\nclass TransactionsRemoteMediator(\n    private val accountId: String,\n"
            "    private val api: TransactionsApi,\n    private val db: LedgerlyDatabase,\n) : RemoteMediator<Int, TransactionEntity>() {\n\n"
            "    override suspend fun load(loadType: LoadType, state: PagingState<Int, TransactionEntity>): MediatorResult {\n"
            "        val cursor = when (loadType) {\n            LoadType.REFRESH -> null\n            LoadType.PREPEND -> return MediatorResult.Success(endOfPaginationReached = true)\n"
            "            LoadType.APPEND -> db.remoteKeys().forAccount(accountId)?.nextCursor\n"
            "                ?: return MediatorResult.Success(endOfPaginationReached = true)\n        }\n"
            "        return try {\n            val page = api.historyPage(accountId, cursor = cursor, limit = state.config.pageSize)\n"
            "            db.withTransaction {\n                if (loadType == LoadType.REFRESH) db.transactions().clear(accountId)\n"
            "                db.remoteKeys().upsert(RemoteKey(accountId, page.nextCursor))\n                db.transactions().insertAll(page.items.map { it.toEntity(accountId) })\n            }\n"
            "            MediatorResult.Success(endOfPaginationReached = page.nextCursor == null)\n"
            "        } catch (e: IOException) {\n            MediatorResult.Error(e)\n        } catch (e: HttpException) {\n            MediatorResult.Error(e)\n        }\n    }\n}",
        )
        s.bash(
            "./gradlew :feature:transactions:compileDebugKotlin -q",
            "e: TransactionsRemoteMediator.kt:17:31 Unresolved reference: historyPage",
            error=True,
        )
        s.edit(
            "core/network/src/main/java/app/ledgerly/network/TransactionsApi.kt",
            "    suspend fun history(",
            "    @GET(\"accounts/{id}/transactions\")\n    suspend fun historyPage(@Path(\"id\") id: String, @Query(\"cursor\") cursor: String?, @Query(\"limit\") limit: Int): TransactionPageDto\n\n    suspend fun history(",
        )
        s.bash("./gradlew :feature:transactions:compileDebugKotlin -q", "")
        s.say(
            "Mediator compiles. Added `historyPage` returning `TransactionPageDto(items, nextCursor)`. Next would be the "
            "`Pager(PagingConfig(pageSize = 50)) { db.transactions().pagingSource(accountId) }` in the ViewModel and "
            "`LazyPagingItems` in the screen."
        )

    @session("g13-undo-commands-not-snapshots", "mossgrove", "2026-10-06T09:00:00", ["decision"], others("decision"))
    def _(s):
        s.user("undo/redo. command pattern or full snapshots of the level? thoughts")
        s.bash("ls -la levels/*.mgl | sort -k5 -n | tail -3", "-rw-r--r-- 1 kai kai  48213377 Sep 30 harbor.mgl\n-rw-r--r-- 1 kai kai  97822001 Oct  2 citadel.mgl\n-rw-r--r-- 1 kai kai 141980112 Oct  4 wetlands.mgl")
        s.say(
            "Your biggest level is 142 MB on disk. Snapshots (even copy-on-write per chunk) would cost tens of MB per "
            "undo step on wetlands unless you build structural sharing. Commands store only the delta (`MoveEntities`, "
            "`PaintTerrain` with the touched tiles' before/after) and merge consecutive brush strokes. Downside: every "
            "editing operation needs an inverse, and bugs there corrupt history.\n\nSnapshots are simpler to get right; "
            "commands scale."
        )
        s.user("commands. 140MB levels kill snapshots. stub the interface")
        s.write(
            "src/editor/undo/Command.h",
            "#pragma once\n#include <memory>\n#include <string_view>\n\nnamespace mg::editor {\n\nclass Level;\n\n"
            "class Command {\npublic:\n    virtual ~Command() = default;\n    virtual void apply(Level& level) = 0;\n"
            "    virtual void revert(Level& level) = 0;\n    // merge a following command of the same kind into this one (brush strokes)\n"
            "    virtual bool mergeWith(const Command&) { return false; }\n    virtual std::string_view label() const = 0;\n};\n\n"
            "class UndoStack {\npublic:\n    void push(std::unique_ptr<Command> cmd, Level& level);\n    bool undo(Level& level);\n"
            "    bool redo(Level& level);\nprivate:\n    std::vector<std::unique_ptr<Command>> done_, undone_;\n};\n\n}  // namespace mg::editor",
        )
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | tail -2", "[412/413] Linking CXX executable bin/mossgrove_editor\n[413/413] Done")
        s.say("`Command` + `UndoStack` stubbed in `src/editor/undo/Command.h`, builds.")

    @session("g14-rodas5p-for-routing", "petrichor", "2026-10-07T10:00:00", ["decision"], others("decision"))
    def _(s):
        s.user(
            "Good morning! So the river routing step is taking forever again on the Ebro test case. I timed it "
            "yesterday evening: 41 minutes for a 10-day run, when the rest of the model is like 3 minutes. I have a "
            "feeling the solver is struggling near the reservoir cells, where the outflow relation is super steep. "
            "Could you have a look?"
        )
        s.read(
            "src/routing/solve.jl",
            "function route!(state, p, tspan)\n    prob = ODEProblem(routing_rhs!, state.q, tspan, p)\n"
            "    sol = solve(prob, Tsit5(); reltol = 1e-6, abstol = 1e-8, saveat = p.Δt_out)\n    state.q .= sol.u[end]\n    return sol\nend",
        )
        s.bash(
            "julia --project -e 'using Petrichor; Petrichor.bench_routing(\"ebro_small\"; solver=:Tsit5, stats=true)'",
            "retcode: Success\nNumber of function 1 evaluations: 18 442 901\nNumber of accepted steps: 3 073 812\n"
            "Number of rejected steps: 911 207\n 2461.82 seconds (9.21 G allocations: 602.1 GiB)",
        )
        s.bash(
            "julia --project -e 'using Petrichor; for alg in (:Rodas5P, :KenCarp4, :FBDF) Petrichor.bench_routing(\"ebro_small\"; solver=alg, stats=true) end'",
            "== Rodas5P ==\nretcode: Success\naccepted steps: 2 118\n 19.44 seconds (3.10 M allocations: 1.9 GiB)\n"
            "== KenCarp4 ==\nretcode: Success\naccepted steps: 3 904\n 27.90 seconds\n"
            "== FBDF ==\nretcode: Success\naccepted steps: 1 530\n 22.71 seconds\nmax |Δq| vs Rodas5P: 3.2e-7",
        )
        s.say(
            "Your feeling was right: with Tsit5 the problem is stiff (3 million accepted and 900k rejected steps, an "
            "explicit method shrinking its step to stay stable at the reservoir cells). Implicit solvers handle it in "
            "about 20 s: Rodas5P 19.4 s, FBDF 22.7 s, KenCarp4 27.9 s, and the results agree to 3e-7."
        )
        s.user(
            "Wow, from 41 minutes to 20 seconds, that's embarrassing for past me 😄 Let's make Rodas5P the routing "
            "solver, then. FBDF is close but Rodas5P is what the Zurich group uses in their benchmark paper so our "
            "numbers will be comparable, and it's happy with the sparse Jacobian later. Can you wire it in? Keep "
            "the tolerances."
        )
        s.edit(
            "src/routing/solve.jl",
            "    sol = solve(prob, Tsit5(); reltol = 1e-6, abstol = 1e-8, saveat = p.Δt_out)",
            "    sol = solve(prob, Rodas5P(); reltol = 1e-6, abstol = 1e-8, saveat = p.Δt_out)",
        )
        s.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"routing\"])'", "Test Summary: | Pass  Total  Time\nrouting       |   27     27  48.1s\n     Testing Petrichor tests passed")
        s.say("Done: `route!` now uses `Rodas5P()` with the same tolerances; the routing tests pass (27/27).")

    # ---------------------------------------------------------------- runbook
    @session("g15-oban-jobs-stuck-after-deploy", "saltmarsh", "2026-10-08T07:50:00", ["runbook"], others("runbook", "session_summary"))
    def _(s):
        s.user(
            "Reminder emails didn't go out this morning. Oban dashboard shows ~2k jobs in `available` in the mailers "
            "queue and nothing executing. We deployed last night at 23:40. Logs from one pod:\n\n"
            "```\n23:41:07.112 [info] Running SaltmarshWeb.Endpoint with Bandit 1.5.7 at :::4000 (http)\n"
            "23:41:07.530 [info] Oban started: queues=[default: 10] node=saltmarsh-web-7d9c5b6f4-x2kqp\n"
            "23:41:08.002 [warning] Oban.Peers.Postgres: leadership not acquired\n```"
        )
        s.bash(
            "kubectl -n saltmarsh get deploy -o custom-columns=NAME:.metadata.name,IMAGE:.spec.template.spec.containers[0].image",
            "NAME             IMAGE\nsaltmarsh-web    ghcr.io/saltmarsh/app:2026.10.07-2\nsaltmarsh-worker ghcr.io/saltmarsh/app:2026.10.07-2",
        )
        s.bash(
            "kubectl -n saltmarsh get deploy saltmarsh-worker -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].env}' ",
            "0 [{\"name\":\"OBAN_QUEUES\",\"value\":\"mailers:5,sms:5\"},{\"name\":\"PHX_SERVER\",\"value\":\"false\"}]",
        )
        s.bash("git log -1 --format='%h %s' -- k8s/worker.yaml", "c41e9a2 scale down worker during migration window")
        s.say(
            "Found it: the web pods only run the `default` queue (that log line), and the mailer/SMS queues live on "
            "`saltmarsh-worker`, which has **0 replicas**. Commit `c41e9a2` scaled it down for the migration window "
            "and nobody scaled it back. The jobs are just waiting for a node that runs their queue."
        )
        s.user("argh. ok scale it back, and fix the yaml so this doesn't happen again")
        s.bash("kubectl -n saltmarsh scale deploy saltmarsh-worker --replicas=2", "deployment.apps/saltmarsh-worker scaled")
        s.edit("k8s/worker.yaml", "  replicas: 0", "  replicas: 2")
        s.bash(
            "sleep 60; kubectl -n saltmarsh exec deploy/saltmarsh-web -- bin/saltmarsh rpc 'Saltmarsh.Repo.aggregate(Oban.Job |> Ecto.Query.where(queue: \"mailers\", state: \"available\"), :count) |> IO.inspect()'",
            "37",
        )
        s.say(
            "Worker back at 2 replicas; the mailers backlog went from ~2000 to 37 in a minute and is draining. "
            "`k8s/worker.yaml` is back to `replicas: 2`."
        )
        s.user(
            "Thanks. Write this down in docs/ops/oban.md please: if jobs pile up in `available`, first check that "
            "the worker deployment actually has replicas and which queues each deployment runs."
        )
        s.write(
            "docs/ops/oban.md",
            "# Oban: jobs piling up in `available`\n\n"
            "Symptom: Oban dashboard shows many jobs `available` in `mailers` or `sms`, nothing `executing`.\n\n"
            "1. Queues are split: web pods run `default` only; `mailers` and `sms` run on `saltmarsh-worker` (env `OBAN_QUEUES`).\n"
            "2. `kubectl -n saltmarsh get deploy saltmarsh-worker` - if READY is 0/0, scale it: "
            "`kubectl -n saltmarsh scale deploy saltmarsh-worker --replicas=2`, and check `k8s/worker.yaml` still says `replicas: 2`.\n"
            "3. If replicas are up, check the pod logs for `Oban started: queues=[...]` and compare with `OBAN_QUEUES`.\n"
            "4. Verify: the `available` count in the queue drops within a minute.\n\n"
            "Seen 2026-10-08: worker left at 0 replicas after a migration window (commit c41e9a2).",
        )
        s.say("Added `docs/ops/oban.md` with the check order and the verification.")

    @session("g16-duplicate-kotlin-stdlib-classes", "ledgerly", "2026-10-09T13:00:00", ["runbook"], others("runbook"))
    def _(s):
        s.user(
            "after bump kotlin to 2.0.21 build is broken again, same like in august on the cards branch:\n\n"
            "```\nExecution failed for task ':app:checkDebugDuplicateClasses'.\n> A failure occurred while executing "
            "com.android.build.gradle.internal.tasks.CheckDuplicatesRunnable\n   > Duplicate class "
            "kotlin.collections.jdk8.CollectionsJDK8Kt found in modules kotlin-stdlib-1.9.24 "
            "(org.jetbrains.kotlin:kotlin-stdlib:1.9.24) and kotlin-stdlib-jdk8-1.8.22 "
            "(org.jetbrains.kotlin:kotlin-stdlib-jdk8:1.8.22)\n```\n"
            "i don't remember what we did that time"
        )
        s.bash(
            "./gradlew :app:dependencyInsight --configuration debugRuntimeClasspath --dependency kotlin-stdlib-jdk8 -q | head -12",
            "org.jetbrains.kotlin:kotlin-stdlib-jdk8:1.8.22\n   Variant runtime:\n\\--- com.scottyab:rootbeer-lib:0.1.0\n"
            "     \\--- debugRuntimeClasspath",
        )
        s.say(
            "`rootbeer-lib` still pulls the old split `kotlin-stdlib-jdk8:1.8.22`. Since Kotlin 1.8 those classes live "
            "in `kotlin-stdlib` itself, so both copies end up on the classpath. The Kotlin BOM aligns every "
            "`kotlin-stdlib*` artifact to one version (the jdk7/jdk8 ones become empty shims)."
        )
        s.edit(
            "app/build.gradle.kts",
            "dependencies {\n",
            "dependencies {\n    implementation(platform(libs.kotlin.bom))\n",
        )
        s.edit("gradle/libs.versions.toml", "[libraries]\n", "[libraries]\nkotlin-bom = { module = \"org.jetbrains.kotlin:kotlin-bom\", version.ref = \"kotlin\" }\n")
        s.bash("./gradlew :app:assembleDebug -q && echo OK", "OK")
        s.user("works. please write it so next time i don't search again. in docs/build-troubleshooting.md")
        s.write(
            "docs/build-troubleshooting.md",
            "## Duplicate class kotlin.collections.jdk8.* after a Kotlin bump\n\n"
            "Cause: a library (so far `rootbeer-lib`) depends on the old `kotlin-stdlib-jdk8`/`-jdk7`; since Kotlin 1.8 "
            "their classes are inside `kotlin-stdlib`.\n\n"
            "1. Find who pulls it: `./gradlew :app:dependencyInsight --configuration debugRuntimeClasspath --dependency kotlin-stdlib-jdk8`\n"
            "2. Make sure every module that applies Kotlin has `implementation(platform(libs.kotlin.bom))` (version ref `kotlin` in libs.versions.toml).\n"
            "3. `./gradlew :app:assembleDebug` must pass `checkDebugDuplicateClasses`.\n",
        )
        s.say("Written to `docs/build-troubleshooting.md`.")

    @session("g17-cuda-driver-on-compute-nodes", "petrichor", "2026-10-12T15:00:00", ["runbook"], others("runbook"))
    def _(s):
        s.user(
            "Argh, the GPU jobs on the cluster fail again, and it worked last week!! Here's the end of the slurm log:\n\n"
            "```\nERROR: LoadError: CUDA driver not found\nStacktrace:\n  [1] error(s::String)\n    @ Base ./error.jl:35\n"
            "  [2] functional\n    @ ~/.julia/packages/CUDA/Tl08O/src/initialization.jl:24 [inlined]\n"
            "  [3] run_ensemble(cfg::Petrichor.Config)\n    @ Petrichor /scratch/ines/petrichor/src/ensemble.jl:58\n"
            "in expression starting at /scratch/ines/petrichor/scripts/run_gpu.jl:12\nsrun: error: gpu017: task 0: Exited with exit code 1\n```\n\n"
            "Did someone break the nodes? I'd love to know what's going on, my deadline is Friday."
        )
        s.read(
            "scripts/run_gpu.sbatch",
            "#!/bin/bash\n#SBATCH --partition=gpu\n#SBATCH --gres=gpu:a100:1\n#SBATCH --time=04:00:00\n\n"
            "module purge\nmodule load julia/1.10.5\n\nsrun julia --project scripts/run_gpu.jl \"$@\"",
        )
        s.bash(
            "ssh hpc 'cat /etc/motd | tail -5; module avail cuda 2>&1 | tail -3'",
            "* 2026-10-08: GPU nodes reinstalled with Rocky 9.4. The NVIDIA driver is no longer in the default\n"
            "*   library path; load a cuda module (module load cuda) in GPU jobs.\n\n"
            "------ /apps/modulefiles ------\ncuda/12.2.2  cuda/12.4.1(default)",
        )
        s.say(
            "Nobody broke them on purpose: the message of the day says the GPU nodes were reinstalled on 8 October "
            "and the driver library (`libcuda.so`) is now only on the path after `module load cuda`. Your sbatch does "
            "`module purge` and loads only Julia, so CUDA.jl can't find the driver."
        )
        s.edit("scripts/run_gpu.sbatch", "module load julia/1.10.5\n", "module load julia/1.10.5\nmodule load cuda/12.4.1\n")
        s.bash(
            "ssh hpc 'cd /scratch/ines/petrichor && srun -p gpu --gres=gpu:a100:1 -t 5 bash -c \"module purge; module load julia/1.10.5 cuda/12.4.1; julia --project -e \\\"using CUDA; CUDA.versioninfo()\\\"\" | head -4'",
            "CUDA runtime 12.6, artifact installation\nCUDA driver 12.4\nNVIDIA driver 550.90.7\n\nCUDA libraries:",
        )
        s.user("Oh thank god. OK can you put this in the README's cluster section? Future me and the master students will hit this again for sure.")
        s.edit(
            "README.md",
            "## Running on the cluster\n",
            "## Running on the cluster\n\n"
            "### \"CUDA driver not found\" in GPU jobs\n"
            "Since the node reinstall of 2026-10-08 the NVIDIA driver is only visible after loading a cuda module.\n"
            "1. In the sbatch script, after `module purge`: `module load julia/1.10.5 cuda/12.4.1`.\n"
            "2. Check on a GPU node: `srun -p gpu --gres=gpu:a100:1 -t 5 julia --project -e 'using CUDA; CUDA.versioninfo()'` "
            "must print a `CUDA driver` line.\n"
            "3. If the cluster changes again, read `/etc/motd` on the login node first.\n",
        )
        s.say("Added to the README under \"Running on the cluster\", and `scripts/run_gpu.sbatch` now loads `cuda/12.4.1`. Good luck with Friday!")

    # ---------------------------------------------------------------- constraint
    @session("g18-no-third-party-analytics", "ledgerly", "2026-10-13T09:30:00", ["constraint"], others("constraint", "decision", "session_summary"))
    def _(s):
        s.user(
            "news from compliance meeting: in the release app there can be no third-party analytics or crash SDK. "
            "this is from the bank's regulator audit, not negotiable. firebase crashlytics also counts, and "
            "firebase analytics obviously. only our own telemetry endpoint on bank infrastructure is allowed. can you "
            "check what we have"
        )
        s.bash(
            "./gradlew :app:dependencies --configuration releaseRuntimeClasspath -q | grep -iE 'firebase|crashlytics|sentry|amplitude|appsflyer' | sort -u",
            "+--- com.google.firebase:firebase-analytics-ktx -> 22.1.2\n+--- com.google.firebase:firebase-crashlytics-ktx -> 19.2.1\n|    +--- com.google.firebase:firebase-sessions:2.0.6",
        )
        s.grep(
            "Firebase|Crashlytics",
            "app/src/main/java/app/ledgerly/LedgerlyApp.kt:31:        FirebaseCrashlytics.getInstance().setCrashlyticsCollectionEnabled(!BuildConfig.DEBUG)\n"
            "core/analytics/src/main/java/app/ledgerly/analytics/Tracker.kt:12:    private val fa = Firebase.analytics",
        )
        s.say(
            "In the release classpath: `firebase-analytics-ktx`, `firebase-crashlytics-ktx` (which brings "
            "`firebase-sessions`). Used in `LedgerlyApp.kt:31` and `core/analytics/Tracker.kt:12`. Nothing else from "
            "the usual vendors."
        )
        s.user("remove both from the app. Tracker should send to our endpoint only (TelemetryClient already exists in core/network).")
        s.edit(
            "core/analytics/src/main/java/app/ledgerly/analytics/Tracker.kt",
            "    private val fa = Firebase.analytics\n\n    fun event(name: String, params: Map<String, String>) = fa.logEvent(name) { params.forEach { (k, v) -> param(k, v) } }",
            "    fun event(name: String, params: Map<String, String>) = telemetry.send(TelemetryEvent(name, params))",
        )
        s.edit("app/src/main/java/app/ledgerly/LedgerlyApp.kt", "        FirebaseCrashlytics.getInstance().setCrashlyticsCollectionEnabled(!BuildConfig.DEBUG)\n", "")
        s.edit(
            "app/build.gradle.kts",
            "    implementation(libs.firebase.analytics)\n    implementation(libs.firebase.crashlytics)\n",
            "",
        )
        s.bash(
            "./gradlew :app:assembleRelease -q && ./gradlew :app:dependencies --configuration releaseRuntimeClasspath -q | grep -ci firebase",
            "0",
        )
        s.say("Release build passes and has no Firebase artifact left; `Tracker` now goes through `TelemetryClient`.")
        s.user("good. also add a check in CI so nobody add it back by accident")
        s.write(
            "scripts/check-no-third-party-sdks.sh",
            "#!/usr/bin/env bash\n# Regulator audit 2026-10: no third-party analytics/crash SDK in release builds.\nset -euo pipefail\n"
            "if ./gradlew :app:dependencies --configuration releaseRuntimeClasspath -q | grep -iE 'firebase|crashlytics|sentry|amplitude|appsflyer|mixpanel|bugsnag'; then\n"
            "  echo 'third-party analytics/crash SDK in the release classpath' >&2; exit 1\nfi",
        )
        s.say("Added `scripts/check-no-third-party-sdks.sh`; hook it into the release workflow and it fails the build if one comes back.")

    @session("g19-level-format-version-7", "mossgrove", "2026-10-14T14:00:00", ["constraint"], others("constraint", "decision"))
    def _(s):
        s.user("want to add per-entity tags to .mgl files. where does the writer bump the version")
        s.grep(
            "kFormatVersion",
            "src/io/LevelFormat.h:9:inline constexpr uint16_t kFormatVersion = 7;\nsrc/io/LevelWriter.cpp:44:    w.u16(kFormatVersion);\nsrc/io/LevelReader.cpp:31:    if (version > kFormatVersion) return std::unexpected(LoadError::TooNew);",
        )
        s.say("`kFormatVersion = 7` in `src/io/LevelFormat.h:9`; the writer stamps it at `LevelWriter.cpp:44`. A new chunk type would normally mean bumping to 8.")
        s.user(
            "can't bump. harbor saga 2 shipped with the v7 reader and the DLC levels we author in this editor get "
            "loaded by that shipped runtime. anything above 7 and the game refuses the file. format stays at 7 until "
            "the sequel, period. so tags have to fit in v7"
        )
        s.read(
            "src/io/LevelFormat.h",
            "// chunk ids\nenum class Chunk : uint32_t {\n    Header  = 'HDR0',\n    Entities = 'ENT0',\n    Terrain = 'TER0',\n"
            "    Lights  = 'LIT0',\n};\n// readers skip chunks with unknown ids (since v5)",
        )
        s.say(
            "Then the way in is the rule at the bottom: since v5, readers skip chunks whose id they don't know. A new "
            "`TAG0` chunk keyed by entity id, written at the end of the file with version still 7, is ignored by the "
            "shipped runtime and read by the editor."
        )
        s.user("do it. and put a static_assert so nobody bumps the version by accident")
        s.edit(
            "src/io/LevelFormat.h",
            "    Lights  = 'LIT0',\n};",
            "    Lights  = 'LIT0',\n    Tags    = 'TAG0',  // editor-only, skipped by the shipped v7 runtime\n};\n\n"
            "// Harbor Saga 2 ships a v7 reader that rejects newer files; DLC levels must stay loadable by it.\n"
            "static_assert(kFormatVersion == 7, \"level format is frozen at v7 until the sequel: add an optional chunk instead\");",
        )
        s.bash("cmake --build build --target mossgrove_editor level_io_tests && ./build/bin/level_io_tests", "[==========] 38 tests from 6 test suites ran. (212 ms total)\n[  PASSED  ] 38 tests.")
        s.say("`TAG0` chunk id added and the version frozen with a `static_assert`; the level IO tests pass. Writing the tags themselves is next.")

    @session("g20-patient-names-not-to-sms-provider", "saltmarsh", "2026-10-15T11:10:00", ["constraint"], others("constraint", "decision"))
    def _(s):
        s.user(
            "Our DPO reviewed the SMS reminders. Rule from now on: nothing that identifies a patient beyond the first "
            "name may be sent to the SMS provider. No last name, no practitioner specialty (a 'psychiatry' reminder "
            "is health data), no appointment reason. The provider is outside the EU and our DPA with them only "
            "covers phone number + a minimal message. Can you check our templates?"
        )
        s.grep(
            "sms_body|SmsTemplate",
            "lib/saltmarsh/notifications/sms_template.ex:8:  def sms_body(appt) do\n"
            "lib/saltmarsh/notifications/sms_template.ex:9:    \"Bonjour #{appt.patient.first_name} #{appt.patient.last_name}, rappel: #{appt.type.name} avec #{appt.practitioner.specialty} le #{format(appt.starts_at)} à #{appt.clinic.name}.\"",
        )
        s.say(
            "The current template sends the last name, the appointment type and the practitioner's specialty. Under "
            "your DPO's rule only the first name, date/time and clinic name may stay (clinic name: does the DPO "
            "consider it OK? For a clinic named after a specialty it leaks the same thing)."
        )
        s.user("Clinic name: no, same reason, some are 'Centre de psychiatrie ...'. Send first name, date, time and a link to the booking page.")
        s.edit(
            "lib/saltmarsh/notifications/sms_template.ex",
            "    \"Bonjour #{appt.patient.first_name} #{appt.patient.last_name}, rappel: #{appt.type.name} avec #{appt.practitioner.specialty} le #{format(appt.starts_at)} à #{appt.clinic.name}.\"",
            "    # DPO 2026-10: only the first name may leave the EU with the SMS provider; no name, specialty, reason or clinic.\n"
            "    \"Bonjour #{appt.patient.first_name}, rappel de votre rendez-vous le #{format(appt.starts_at)}. Détails : #{booking_url(appt)}\"",
        )
        s.write(
            "test/saltmarsh/notifications/sms_template_test.exs",
            "defmodule Saltmarsh.Notifications.SmsTemplateTest do\n  use Saltmarsh.DataCase, async: true\n  import Saltmarsh.Factory\n\n"
            "  test \"sends nothing about the patient but the first name\" do\n    appt = insert(:appointment, patient: build(:patient, first_name: \"Léa\", last_name: \"Moreau\"),\n"
            "      practitioner: build(:practitioner, specialty: \"psychiatrie\"), clinic: build(:clinic, name: \"Centre de psychiatrie Nord\"))\n"
            "    body = Saltmarsh.Notifications.SmsTemplate.sms_body(appt)\n    assert body =~ \"Léa\"\n"
            "    for leak <- [\"Moreau\", \"psychiatrie\", appt.type.name] do\n      refute body =~ leak\n    end\n  end\nend",
        )
        s.bash("mix test test/saltmarsh/notifications/sms_template_test.exs", "..\nFinished in 0.3 seconds\n1 test, 0 failures")
        s.say("Template reduced to first name, date/time and the booking link; a test fails if a last name, specialty, reason or clinic name appears.")

    # ---------------------------------------------------------------- tech_debt
    @session("g21-hardcoded-paris-timezone", "saltmarsh", "2026-10-16T16:00:00", ["tech_debt"], others("tech_debt", "constraint", "decision", "session_summary"))
    def _(s):
        s.user(
            "The Guadeloupe clinic signs next week and their reminders will be 5 hours off: we format every time in "
            "Europe/Paris. Where is it hardcoded?"
        )
        s.grep(
            "Europe/Paris",
            "lib/saltmarsh/notifications/sms_template.ex:21:    DateTime.shift_zone!(dt, \"Europe/Paris\")\n"
            "lib/saltmarsh_web/live/calendar_live/week.ex:14:  @tz \"Europe/Paris\"\n"
            "lib/saltmarsh/scheduling/slots.ex:57:      |> DateTime.new!(time, \"Europe/Paris\")\n"
            "lib/saltmarsh/reports/daily.ex:9:  @tz \"Europe/Paris\"\n"
            "config/runtime.exs:40:config :saltmarsh, default_timezone: \"Europe/Paris\"",
        )
        s.say(
            "Five places. Doing it properly means a `timezone` column on `clinics`, threading the clinic through "
            "slot generation (`slots.ex` builds local times from opening hours), the calendar LiveView, reports and "
            "templates, plus a data migration. That's a couple of days with tests."
        )
        s.user(
            "We don't have a couple of days before Guadeloupe goes live. Do the minimum: timezone on clinics, used "
            "only in the SMS/email templates, which is what patients see. Calendar, slots and reports stay on Paris "
            "for now - their staff said they can live with it for a few weeks. Leave a proper note and a ticket "
            "text, we come back to it after the launch."
        )
        s.write(
            "priv/repo/migrations/20261016150000_add_timezone_to_clinics.exs",
            "defmodule Saltmarsh.Repo.Migrations.AddTimezoneToClinics do\n  use Ecto.Migration\n\n  def change do\n"
            "    alter table(:clinics) do\n      add :timezone, :string, null: false, default: \"Europe/Paris\"\n    end\n  end\nend",
        )
        s.edit(
            "lib/saltmarsh/notifications/sms_template.ex",
            "    DateTime.shift_zone!(dt, \"Europe/Paris\")",
            "    DateTime.shift_zone!(dt, clinic.timezone)",
        )
        s.edit(
            "lib/saltmarsh/scheduling/slots.ex",
            "      |> DateTime.new!(time, \"Europe/Paris\")",
            "      # FIXME(tz): still Paris for every clinic; see docs/debt/clinic-timezones.md\n      |> DateTime.new!(time, \"Europe/Paris\")",
        )
        s.write(
            "docs/debt/clinic-timezones.md",
            "# Clinic time zones are only half done\n\nSince 2026-10-16 `clinics.timezone` exists but only the patient-facing "
            "templates (SMS, email) use it. Slot generation (`scheduling/slots.ex`), the calendar week view, daily "
            "reports and `config :saltmarsh, default_timezone` still assume Europe/Paris.\n\n"
            "Why deferred: Guadeloupe launch on 2026-10-23; their staff accept Paris times in the back office for a few weeks.\n\n"
            "Risk: slots for overseas clinics are generated at Paris-local opening hours (5-6 h off); DST changes make it worse.\n\n"
            "To do: thread `clinic.timezone` through slots, calendar, reports; drop the global default; property test "
            "for slot generation across DST. Done when no `\"Europe/Paris\"` literal is left outside the migration default.",
        )
        s.bash("mix ecto.migrate && mix test", "== Running 20261016150000 Saltmarsh.Repo.Migrations.AddTimezoneToClinics.change/0 forward\n...\n134 tests, 0 failures")
        s.say("Templates now use `clinic.timezone`; the rest is marked with `FIXME(tz)` and written up in `docs/debt/clinic-timezones.md` (can be pasted as the ticket).")

    @session("g22-asset-watcher-polling", "mossgrove", "2026-10-19T10:00:00", ["tech_debt"], others("tech_debt", "decision"))
    def _(s):
        s.user("editor idles at 9% cpu. why")
        s.bash(
            "perf record -g -p $(pgrep mossgrove_edit) -- sleep 10 >/dev/null 2>&1; perf report --stdio --no-children 2>/dev/null | grep -m5 '%'",
            "    41.20%  mossgrove_edit  libc.so.6        [.] __GI___fstatat64\n    17.85%  mossgrove_edit  mossgrove_editor [.] mg::assets::Watcher::scan\n"
            "     9.02%  mossgrove_edit  libstdc++.so.6   [.] std::filesystem::__cxx11::recursive_directory_iterator::increment\n"
            "     4.11%  mossgrove_edit  mossgrove_editor [.] mg::render::Frame::submit\n     2.97%  mossgrove_edit  [kernel.kallsyms] [k] do_syscall_64",
        )
        s.read(
            "src/assets/Watcher.cpp",
            "// polls the whole asset tree every 500 ms and compares mtimes\nvoid Watcher::run() {\n    while (running_) {\n"
            "        scan(root_);\n        std::this_thread::sleep_for(500ms);\n    }\n}",
        )
        s.say(
            "The hot-reload watcher stats the whole asset tree (≈60k files) every 500 ms. The fix is OS notifications: "
            "inotify on Linux, `ReadDirectoryChangesW` on Windows, FSEvents on mac, each with its own quirks "
            "(inotify needs a watch per directory and has a limit; RDCW needs overlapped IO). A day or two with tests."
        )
        s.user("not now, milestone friday. bump interval to 2s as a stopgap. write the debt down in docs/debt.md")
        s.edit("src/assets/Watcher.cpp", "        std::this_thread::sleep_for(500ms);", "        std::this_thread::sleep_for(2s);  // stopgap, see docs/debt.md (asset watcher)")
        s.edit(
            "docs/debt.md",
            "# Known debt\n",
            "# Known debt\n\n## Asset watcher polls the tree\n`assets/Watcher` stats every asset file every 2 s (was 500 ms, 9% CPU idle). "
            "Hot reload is now up to 2 s late. Replace with inotify / ReadDirectoryChangesW / FSEvents behind one "
            "interface; keep polling as fallback for network drives. Done when the idle editor is under 1% CPU on the "
            "wetlands project and reload happens within 200 ms.\n",
        )
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | tail -1", "[413/413] Done")
        s.say("Interval at 2 s (idle CPU should drop to ~2-3%), debt entry in `docs/debt.md`.")

    @session("g23-calibration-allocations-later", "petrichor", "2026-10-20T11:30:00", ["tech_debt"], others("tech_debt", "runbook", "constraint", "decision"))
    def _(s):
        s.user(
            "I profiled the calibration loop yesterday out of curiosity (the one for the Manning coefficients) and "
            "it allocates like crazy, see:\n\n```\njulia> @time calibrate!(model, obs; iters=50)\n"
            " 812.441237 seconds (4.02 G allocations: 1.71 TiB, 38.77% gc time)\n```\n\n"
            "Almost 40% in GC! Where does it come from?"
        )
        s.read(
            "src/calibration/loss.jl",
            "function loss(θ, model, obs)\n    m = deepcopy(model)\n    m.params.n_manning = θ\n    sol = simulate(m)\n"
            "    sim = [sol.u[t][gauge_idx(m)] for t in eachindex(sol.t)]\n    return sum(abs2, sim .- obs) / length(obs)\nend",
        )
        s.say(
            "Two big sources per evaluation: `deepcopy(model)` copies the whole model, including the 2 GB state "
            "arrays and the mesh, and `simulate` saves the full solution (`sol.u` at every step) although the loss "
            "only needs the gauge cells. A fix: preallocate one working model per thread and reset its state in "
            "place, and use a `SavingCallback` (or `save_idxs = gauge_idx`) so only gauge values are kept. It touches "
            "`simulate`'s signature used in ~15 places, so some care is needed."
        )
        s.user(
            "Mmm, that's what I feared. Honestly the paper revision is due on the 3rd and the calibration runs "
            "overnight anyway, so it's not blocking. I don't want to touch simulate() now. But please leave a "
            "proper note in the code and in our DEBT.md so that Tomás or I pick it up in November — otherwise it'll "
            "be forgotten, I know us."
        )
        s.edit(
            "src/calibration/loss.jl",
            "    m = deepcopy(model)",
            "    # PERF DEBT (see DEBT.md, \"calibration allocations\"): full deepcopy + full saved solution per loss call.\n    m = deepcopy(model)",
        )
        s.edit(
            "DEBT.md",
            "# Technical debt\n",
            "# Technical debt\n\n## Calibration allocations (Oct 2026)\n`calibrate!` spends ~39% in GC: 1.7 TiB allocated for 50 "
            "iterations. Causes: `deepcopy(model)` in `loss`, and `simulate` saving every state. Deferred until after "
            "the paper revision (due Nov 3), it only slows overnight runs.\n"
            "Fix: one preallocated model per thread, reset in place; `save_idxs = gauge_idx(m)` in `simulate` (its "
            "keyword arguments change, ~15 callers). Target: < 5% gc time, same loss values to 1e-10.\n",
        )
        s.say("Note added in `loss.jl` and an entry in `DEBT.md` with cause, reason for waiting and the target.")

    # ---------------------------------------------------------------- preference
    @session("g24-no-double-bang-kotlin", "ledgerly", "2026-10-21T10:15:00", ["preference"], others("preference", "decision", "runbook"))
    def _(s):
        s.user("add the IBAN field to the transfer form, with validation")
        s.read(
            "feature/transfer/src/main/java/app/ledgerly/transfer/TransferViewModel.kt",
            "fun submit() {\n    val account = state.value.selectedAccount!!\n    repo.transfer(account.id, state.value.amount!!)\n}",
        )
        s.edit(
            "feature/transfer/src/main/java/app/ledgerly/transfer/TransferViewModel.kt",
            "fun submit() {\n    val account = state.value.selectedAccount!!",
            "fun onIbanChanged(raw: String) {\n    val iban = raw.filterNot(Char::isWhitespace).uppercase()\n"
            "    state.update { it.copy(iban = iban, ibanError = if (Iban.isValid(iban)) null else R.string.iban_invalid) }\n}\n\n"
            "fun submit() {\n    val iban = state.value.iban!!\n    val account = state.value.selectedAccount!!",
        )
        s.say("Added `onIbanChanged` with mod-97 validation via `Iban.isValid`, and `submit` reads the IBAN.")
        s.user(
            "please no !! . i know old code has it, but in our code we don't use !! ever, it crash in production "
            "without message and crash report says nothing. use requireNotNull(x) { \"why\" } when it is really a "
            "bug, or ?: return / ?.let when it can happen. same for all new code you write here please"
        )
        s.edit(
            "feature/transfer/src/main/java/app/ledgerly/transfer/TransferViewModel.kt",
            "fun submit() {\n    val iban = state.value.iban!!\n    val account = state.value.selectedAccount!!\n    repo.transfer(account.id, state.value.amount!!)",
            "fun submit() {\n    val s = state.value\n    val iban = s.iban ?: return\n"
            "    val account = requireNotNull(s.selectedAccount) { \"submit enabled without a selected account\" }\n"
            "    val amount = s.amount ?: return\n    repo.transfer(account.id, iban, amount)",
        )
        s.bash("./gradlew :feature:transfer:testDebugUnitTest -q", "")
        s.say("Rewritten without `!!`: missing IBAN or amount returns (the button can be pressed before they're filled), a missing account is a bug and fails with a message. Tests pass.")

    @session("g25-std-expected-no-exceptions", "mossgrove", "2026-10-22T15:20:00", ["preference"], others("preference", "decision"))
    def _(s):
        s.user("prefab loader: throw if the json is broken")
        s.edit(
            "src/prefabs/PrefabLoader.cpp",
            "Prefab PrefabLoader::load(const fs::path& p) {\n    auto j = nlohmann::json::parse(readText(p));",
            "Prefab PrefabLoader::load(const fs::path& p) {\n    nlohmann::json j;\n    try {\n        j = nlohmann::json::parse(readText(p));\n"
            "    } catch (const nlohmann::json::parse_error& e) {\n        throw PrefabError(p, e.what());\n    }",
        )
        s.say("`load` now throws `PrefabError` with the path and parser message.")
        s.user(
            "hm no. said throw but meant fail. we don't throw in editor code, anywhere: std::expected<T, Error> and "
            "propagate. exceptions from third party libs get caught at the boundary and converted. keep that for everything"
        )
        s.edit(
            "src/prefabs/PrefabLoader.cpp",
            "Prefab PrefabLoader::load(const fs::path& p) {\n    nlohmann::json j;\n    try {\n        j = nlohmann::json::parse(readText(p));\n"
            "    } catch (const nlohmann::json::parse_error& e) {\n        throw PrefabError(p, e.what());\n    }",
            "std::expected<Prefab, Error> PrefabLoader::load(const fs::path& p) {\n    auto text = readText(p);\n    if (!text) return std::unexpected(text.error());\n"
            "    auto j = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);\n"
            "    if (j.is_discarded()) return std::unexpected(Error::parse(p, \"invalid JSON\"));",
        )
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -E 'error|Done'", "[413/413] Done")
        s.say("Switched to `std::expected<Prefab, Error>`; nlohmann is called with `allow_exceptions=false`, so nothing throws. Builds.")

    @session("g26-julia-docstrings-unicode-names", "petrichor", "2026-10-23T09:40:00", ["preference"], others("preference", "decision"))
    def _(s):
        s.user("Could you write the infiltration function for the Green-Ampt scheme? Inputs: conductivity, suction head, moisture deficit, cumulative infiltration, time step.")
        s.write(
            "src/soil/green_ampt.jl",
            "# Green-Ampt infiltration capacity\nfunction infiltration_rate(K_s, psi, delta_theta, F, dt)\n"
            "    return K_s * (1 + psi * delta_theta / max(F, eps()))\nend",
        )
        s.say("Added `infiltration_rate(K_s, psi, delta_theta, F, dt)` in `src/soil/green_ampt.jl`.")
        s.user(
            "Thanks! Two little things about style, and it applies to everything you write in this repo, not just "
            "here: (1) in our code we use the Unicode names from the papers — ψ, Δθ, Δt, K_s — because the "
            "physicists in the group read the code against the equations, and `delta_theta` makes them squint; (2) "
            "every exported function gets a proper Julia docstring: signature line, a sentence, an `# Arguments` "
            "list with units, and a `jldoctest` when it's cheap. I know it's more typing, but it's how we like it."
        )
        s.write(
            "src/soil/green_ampt.jl",
            "\"\"\"\n    infiltration_rate(K_s, ψ, Δθ, F, Δt)\n\nGreen-Ampt infiltration capacity for the current time step.\n\n"
            "# Arguments\n- `K_s`: saturated hydraulic conductivity [m s⁻¹]\n- `ψ`: wetting-front suction head [m]\n"
            "- `Δθ`: moisture deficit [-]\n- `F`: cumulative infiltration [m]\n- `Δt`: time step [s]\n\n"
            "```jldoctest\njulia> infiltration_rate(1e-6, 0.11, 0.3, 0.01, 60.0) ≈ 4.3e-6\ntrue\n```\n\"\"\"\n"
            "function infiltration_rate(K_s, ψ, Δθ, F, Δt)\n    return K_s * (1 + ψ * Δθ / max(F, eps(F)))\nend",
        )
        s.bash("julia --project -e 'using Documenter, Petrichor; doctest(Petrichor; manual=false)'", "[ Info: Doctest: running doctests.\n[ Info: Doctest: running doctests. Test Summary: | Pass  Total\nDoctests: Petrichor |    1      1")
        s.say("Rewritten with ψ, Δθ, Δt and a full docstring (arguments with units, a doctest that passes).")

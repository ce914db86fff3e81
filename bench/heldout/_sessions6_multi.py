"""Sixth held-out set: English sessions with two or three categories, p29-p36. See _make_triage6.py."""


def register(session):
    @session("p29-multi-size-limit-library", "hollowpine", "2026-10-27T10:14:52", ["decision", "constraint"])
    def _(s):
        s.user("forge build --sizes says EscrowFactory is over limit after the milestone feature. 25.1kb. how to fix")
        s.bash("forge build --sizes | grep -E 'Contract|EscrowFactory'", "| Contract      | Runtime Size (B) | Initcode Size (B) | Runtime Margin (B) |\n| EscrowFactory | 25,113           | 26,870            | -537               |")
        s.read("foundry.toml", "[profile.default]\nsolc = \"0.8.26\"\noptimizer = true\noptimizer_runs = 200\nvia_ir = false")
        s.say(
            "EIP-170 caps deployed code at 24,576 bytes on Base and Arbitrum as on mainnet, and we are 537 bytes over. Options:\n\n"
            "1. Lower `optimizer_runs` (e.g. 50) — often saves 1-2 KB, costs a bit of runtime gas.\n"
            "2. Turn on `via_ir` — usually smaller, but a different code generator.\n"
            "3. Move the milestone validation (`_validateMilestones`, ~2.3 KB) into an external library `MilestoneLib`, deployed once and linked.\n"
            "4. Split the factory into two contracts."
        )
        s.user(
            "1 and 2 not possible: the audit report pins the compiler settings, solc 0.8.26, 200 runs, no via-ir. if we change them "
            "the auditor must re-check everything and we pay again. so settings are fixed. 3 then, external library, is cleanest"
        )
        s.write("src/libraries/MilestoneLib.sol", "library MilestoneLib {\n    error MilestonesEmpty();\n    error MilestoneSumMismatch(uint256 sum, uint256 total);\n\n    function validate(uint256[] calldata amounts, uint256 total) external pure {\n        if (amounts.length == 0) revert MilestonesEmpty();\n        uint256 sum;\n        for (uint256 i; i < amounts.length; ++i) sum += amounts[i];\n        if (sum != total) revert MilestoneSumMismatch(sum, total);\n    }\n}")
        s.edit("src/EscrowFactory.sol", "        _validateMilestones(amounts, total);", "        MilestoneLib.validate(amounts, total);")
        s.bash("forge build --sizes | grep -E 'EscrowFactory|MilestoneLib'", "| EscrowFactory | 22,804 | 24,561 | 1,772 |\n| MilestoneLib  | 1,187  | 1,241  | 23,389 |")
        s.bash("forge test", "Ran 9 test suites: 71 tests passed, 0 failed, 0 skipped (71 total tests)")
        s.say("`EscrowFactory` is now 22,804 bytes (1,772 under the limit) with the validation in the external `MilestoneLib`; compiler settings untouched. The deploy script will need to deploy and link the library (`--libraries`).")

    @session("p30-multi-worker-oom-max-tasks", "kelpie", "2026-10-27T14:40:00", ["runbook", "tech_debt"], ("decision",))
    def _(s):
        s.user("kelpie-worker pods keep getting OOMKilled every few hours, restarts count is 40+ on some. memory limit is 6Gi. help?")
        s.bash("kubectl top pod -l app=kelpie-worker --containers", "kelpie-worker-7d9c-2xk  worker  5712Mi\nkelpie-worker-7d9c-9qp  worker  3104Mi")
        s.bash("kubectl exec kelpie-worker-7d9c-2xk -- python -c \"import kelpie.diag as d; d.top_allocations(10)\"", "tokenizers/cache.py:44  2.9 GiB  1.3M blocks\nonnxruntime arena        1.8 GiB\n...")
        s.read("kelpie/text/tokenize.py", "@functools.lru_cache(maxsize=None)\ndef tokenize(text: str) -> Encoding:\n    return TOKENIZER.encode(text)")
        s.say("Two things grow: `tokenize` is wrapped in an unbounded `lru_cache` keyed by the whole document text, so every document ever seen stays in memory (2.9 GiB on the worst pod), and onnxruntime's arena keeps its peak. The quick, safe fix is to recycle worker processes with `worker_max_tasks_per_child`; the real fix is removing the unbounded cache, but `tokenize` is also used by the offline evaluation code that relies on the cache for speed.")
        s.user("do the recycle now so I can sleep tonight. the cache thing is the real bug but the eval scripts depend on it, not touching that today — put it in docs/debt.md")
        s.edit("kelpie/worker.py", "app.conf.broker_connection_retry_on_startup = True", "app.conf.broker_connection_retry_on_startup = True\napp.conf.worker_max_tasks_per_child = 500")
        s.bash("kubectl rollout restart deploy/kelpie-worker && sleep 900 && kubectl top pod -l app=kelpie-worker --containers", "deployment.apps/kelpie-worker restarted\nkelpie-worker-6b1f-4rt  worker  2210Mi\nkelpie-worker-6b1f-m2c  worker  2381Mi")
        s.edit("docs/debt.md", "# Known debt\n", "# Known debt\n\n## Unbounded tokenize cache (worker OOM)\n\n`kelpie/text/tokenize.py` caches `tokenize` with `lru_cache(maxsize=None)` keyed by the full text, so worker memory grows with every document; workers were OOMKilled at the 6Gi limit. Mitigated with `worker_max_tasks_per_child = 500` (October). Fix: no cache in the serving path, or a bounded cache keyed by a hash; the offline eval scripts must then get their own cache.\n")
        s.bash("kubectl get pods -l app=kelpie-worker -o custom-columns=NAME:.metadata.name,RESTARTS:.status.containerStatuses[0].restartCount", "NAME                    RESTARTS\nkelpie-worker-6b1f-4rt  0\nkelpie-worker-6b1f-m2c  0")
        s.user("nice, memory flat at ~2.3G after 15 min and no restarts. good night 😴")
        s.say("Good night. Workers now restart their process every 500 tasks; the cache is recorded in `docs/debt.md`.")

    @session("p31-multi-hikari-and-alias-style", "brackenwood", "2026-10-28T09:30:25", ["decision", "preference"])
    def _(s):
        s.user("Under load tests we open a fresh Postgres connection per request; the harvester run yesterday exhausted `max_connections`. We need a pool. What do you suggest?")
        s.read("src/brackenwood/system.clj", "(defmethod ig/init-key :brackenwood/db [_ {:keys [db-spec]}]\n  (jdbc/get-datasource db-spec))")
        s.say("Options with next.jdbc:\n\n- **HikariCP** via `next.jdbc.connection/->pool`: the one next.jdbc's docs use, fast, good metrics.\n- **c3p0**: also supported by `->pool`, older, more knobs, slower under contention.\n- **PgBouncer** in front of Postgres: helps across services too, but is another thing to run and doesn't remove per-request connects in the app.\n\nI'd go with HikariCP; PgBouncer can come later if other services need it.")
        s.user("Agreed, HikariCP, not c3p0 and no PgBouncer for now: one pool per instance, maximum 10 connections, since we run three instances against a 50-connection server.")
        s.edit("src/brackenwood/system.clj", "(defmethod ig/init-key :brackenwood/db [_ {:keys [db-spec]}]\n  (jdbc/get-datasource db-spec))", "(defmethod ig/init-key :brackenwood/db [_ {:keys [db-spec]}]\n  (conn/->pool HikariDataSource (assoc db-spec :maximumPoolSize 10)))\n\n(defmethod ig/halt-key! :brackenwood/db [_ ds]\n  (.close ^HikariDataSource ds))")
        s.edit("src/brackenwood/system.clj", "  (:require [integrant.core :as ig]", "  (:require [integrant.core :as ig]\n            [next.jdbc.connection :as conn]")
        s.say("The datasource is now a HikariCP pool (max 10), closed on `halt-key!`.")
        s.user("One thing: please require it as `[next.jdbc.connection :as connection]`. We always alias with the full last segment of the namespace, never abbreviations like `conn` — the only exceptions are `str`, `set` and `io`.")
        s.edit("src/brackenwood/system.clj", "            [next.jdbc.connection :as conn]", "            [next.jdbc.connection :as connection]")
        s.edit("src/brackenwood/system.clj", "  (conn/->pool HikariDataSource", "  (connection/->pool HikariDataSource")
        s.bash("clojure -M:test --focus :integration", "37 tests, 120 assertions, 0 failures.")
        s.say("Renamed the alias to `connection`; integration tests pass.")

    @session("p32-long-wasm-build-and-audio", "emberfield", "2026-10-29T20:02:13", ["session_summary", "decision", "runbook"], ("tech_debt", "preference"))
    def _(s):
        s.user("web demo build is broken since the bevy 0.14 bump. trunk build fails. fix it, and the wasm is 41mb which is silly, want it smaller")
        s.work([
            ("bash", "trunk build --release", "error: failed to run wasm-bindgen\n\nit looks like the Rust project used to create this wasm file was linked against\nversion of wasm-bindgen that uses a different bindgen format than this binary:\n\n  rust wasm file schema version: 0.2.93\n     this binary schema version: 0.2.92", ),
            ("bash", "grep -A1 'name = \"wasm-bindgen\"' Cargo.lock; wasm-bindgen --version", "name = \"wasm-bindgen\"\nversion = \"0.2.93\"\nwasm-bindgen 0.2.92"),
            ("read", "Trunk.toml", "[build]\ntarget = \"web/index.html\"\n\n[tools]\nwasm_bindgen = \"0.2.92\""),
        ])
        s.say("The Bevy bump pulled `wasm-bindgen` 0.2.93 into `Cargo.lock`, but `Trunk.toml` pins the CLI at 0.2.92, and the two must match exactly. Bumping the pin.")
        s.work([
            ("edit", "Trunk.toml", "wasm_bindgen = \"0.2.92\"", "wasm_bindgen = \"0.2.93\""),
            ("bash", "trunk build --release", "INFO downloading wasm-bindgen version=\"0.2.93\"\nINFO applying new distribution\nINFO ✅ success"),
            ("bash", "ls -la dist/*.wasm", "-rw-r--r-- 1 finn finn 41823117 Oct 29 20:09 dist/emberfield-3c1a_bg.wasm"),
            ("bash", "cargo tree -e features -i bevy --target wasm32-unknown-unknown | grep -oE 'bevy \"[a-z_0-9]+\"' | sort -u | head -30", "bevy \"animation\"\nbevy \"bevy_audio\"\nbevy \"bevy_gltf\"\nbevy \"bevy_pbr\"\nbevy \"bevy_scene\"\nbevy \"default\"\nbevy \"ktx2\"\nbevy \"tonemapping_luts\"\nbevy \"vorbis\"\nbevy \"zstd\""),
            ("bash", "cargo tree --target wasm32-unknown-unknown -i kira 2>/dev/null | head -3", "kira v0.9.4\n└── bevy_kira_audio v0.20.0\n    └── emberfield v0.6.0"),
            ("bash", "twiggy top -n 8 dist/emberfield-3c1a_bg.wasm", " Shallow Bytes │ Item\n───────────────┼──────────\n       6.2 MiB │ data[0]\n       2.9 MiB │ symphonia (via kira)\n       1.7 MiB │ bevy_pbr\n       1.1 MiB │ gltf"),
        ])
        s.say(
            "The release build works again. On size: we build with Bevy's default features (PBR, glTF, scenes, animation — none used, "
            "the sim is 2D sprites), there's no `wasm-opt` pass, and both `bevy_audio` and `bevy_kira_audio` are in (kira brings symphonia, "
            "~2.9 MiB). For the audio, two ways:\n\n"
            "- keep **bevy_kira_audio** (we use its crossfade for the ambient loop) and disable `bevy_audio`;\n"
            "- drop kira and use **Bevy's built-in audio** for the two sounds we have; the crossfade becomes a small volume-ramp system."
        )
        s.user("built-in. two sounds dont justify 3mb, and one less crate to wait on at every bevy release. do the features too")
        s.work([
            ("read", "Cargo.toml", "[dependencies]\nbevy = \"0.14\"\nbevy_kira_audio = { version = \"0.20\", features = [\"ogg\"] }"),
            ("edit", "Cargo.toml", "bevy = \"0.14\"\nbevy_kira_audio = { version = \"0.20\", features = [\"ogg\"] }", "bevy = { version = \"0.14\", default-features = false, features = [\"bevy_asset\", \"bevy_audio\", \"vorbis\", \"bevy_winit\", \"bevy_render\", \"bevy_core_pipeline\", \"bevy_sprite\", \"bevy_text\", \"bevy_ui\", \"default_font\", \"png\", \"webgl2\", \"multi_threaded\"] }"),
            ("grep", "bevy_kira_audio|AudioControl|AudioChannel", "src/audio.rs:1:use bevy_kira_audio::prelude::*;\nsrc/audio.rs:14:fn ambient(audio: Res<Audio>, assets: Res<SoundAssets>) {\nsrc/audio.rs:15:    audio.play(assets.lake_loop.clone()).looped().fade_in(AudioTween::linear(Duration::from_secs(3)));\nsrc/audio.rs:22:    audio.play(assets.splash.clone());\nsrc/main.rs:19:        .add_plugins(AudioPlugin)"),
            ("write", "src/audio.rs", "use bevy::audio::{PlaybackMode, Volume};\nuse bevy::prelude::*;\n\n#[derive(Component)]\nstruct FadeIn { secs: f32, t: f32 }\n\nfn ambient(mut commands: Commands, assets: Res<SoundAssets>) {\n    commands.spawn((AudioBundle { source: assets.lake_loop.clone(), settings: PlaybackSettings { mode: PlaybackMode::Loop, volume: Volume::new(0.0), ..default() } }, FadeIn { secs: 3.0, t: 0.0 }));\n}\n\nfn fade_in(mut q: Query<(&AudioSink, &mut FadeIn)>, time: Res<Time>) {\n    for (sink, mut f) in &mut q {\n        f.t = (f.t + time.delta_seconds()).min(f.secs);\n        sink.set_volume(f.t / f.secs);\n    }\n}\n\nfn splash(mut commands: Commands, assets: Res<SoundAssets>) {\n    commands.spawn(AudioBundle { source: assets.splash.clone(), settings: PlaybackSettings::DESPAWN });\n}"),
            ("edit", "src/main.rs", "        .add_plugins(AudioPlugin)", ""),
            ("bash", "cargo build --target wasm32-unknown-unknown --release", "error[E0433]: failed to resolve: could not find `gltf` in `bevy`\n  --> src/assets.rs:9:17"),
            ("read", "src/assets.rs", "    #[asset(path = \"models/boat.glb#Scene0\")]\n    pub boat: Handle<bevy::gltf::Gltf>,"),
            ("grep", "boat", "src/assets.rs:9:    pub boat: Handle<bevy::gltf::Gltf>,"),
        ])
        s.say("The boat model is loaded but never used anywhere (only its handle field exists). Removing it rather than bringing glTF back.")
        s.work([
            ("edit", "src/assets.rs", "    #[asset(path = \"models/boat.glb#Scene0\")]\n    pub boat: Handle<bevy::gltf::Gltf>,", ""),
            ("bash", "cargo build --target wasm32-unknown-unknown --release", "Finished `release` profile [optimized] target(s) in 1m 52s"),
            ("edit", "Trunk.toml", "[tools]", "[[hooks]]\nstage = \"post_build\"\ncommand = \"sh\"\ncommand_arguments = [\"-c\", \"wasm-opt -Oz --strip-debug -o $TRUNK_STAGING_DIR/*_bg.wasm $TRUNK_STAGING_DIR/*_bg.wasm\"]\n\n[tools]"),
            ("edit", "Cargo.toml", "[profile.release]", "[profile.wasm-release]\ninherits = \"release\"\nopt-level = \"z\"\nlto = \"fat\"\ncodegen-units = 1\n\n[profile.release]"),
            ("bash", "trunk build --release --cargo-profile wasm-release && ls -la dist/*.wasm", "INFO ✅ success\n-rw-r--r-- 1 finn finn 9183340 Oct 29 20:51 dist/emberfield-77f0_bg.wasm"),
            ("bash", "gzip -9 -c dist/*.wasm | wc -c", "3204417"),
            ("bash", "cargo test -q", "test result: ok. 48 passed; 0 failed; 0 ignored"),
            ("bash", "cargo run --release --features headless -- --fish 5000 --ticks 2000 --seed 7", "run finished: 2000 ticks, checksum 0x41be09d3"),
            ("bash", "git stash && cargo run --release --features headless -- --fish 5000 --ticks 2000 --seed 7; git stash pop", "run finished: 2000 ticks, checksum 0x41be09d3"),
            ("bash", "trunk serve --release --cargo-profile wasm-release --port 8088 & sleep 40; curl -s -o /dev/null -w '%{http_code}' localhost:8088", "200"),
        ])
        s.user("loads in firefox and chrome, ambient fades in. 👍 write the recap for the devlog")
        s.say(
            "**Devlog — web build fixed and slimmed**\n\n"
            "- **Broken build**: the Bevy 0.14 bump pulled wasm-bindgen 0.2.93 into `Cargo.lock` while `Trunk.toml` pinned the CLI at "
            "0.2.92; trunk fails with a \"bindgen format\" schema mismatch. Fix: the `wasm_bindgen` pin in `Trunk.toml` must equal the "
            "`wasm-bindgen` version in `Cargo.lock` (check with `grep -A1 'name = \"wasm-bindgen\"' Cargo.lock`) — bump it with every "
            "Bevy upgrade.\n"
            "- **Audio**: dropped `bevy_kira_audio` for Bevy's built-in audio; the ambient fade-in is a small `FadeIn` system.\n"
            "- **Size**: Bevy without default features (2D only: sprite, UI, text, png, webgl2, vorbis), removed the unused boat glTF, "
            "new `wasm-release` profile (opt-level z, fat LTO, 1 codegen unit) and a `wasm-opt -Oz` post-build hook. 41.8 MB → 9.2 MB "
            "(3.2 MB gzipped).\n"
            "- Headless runs unchanged (same checksum for seed 7); 48 tests pass.\n\n"
            "Open: the release pipeline still calls `trunk build --release` without `--cargo-profile wasm-release`; the itch.io upload "
            "should use the new command."
        )

    @session("p33-multi-eu-region-and-structlog", "kelpie", "2026-10-30T09:11:47", ["constraint", "preference"], ("decision",))
    def _(s):
        s.user(
            "New client onboarding (a Dutch insurer) — before anything else, their DPA is strict: documents and anything derived from them "
            "(embeddings, extracted text) must never leave eu-central-1, and the raw text must never show up in logs. I'm adding a "
            "'fallback to the us-east-1 bucket when the EU one is slow' feature request from sales to the bin, obviously. Could you check "
            "that nothing we have today violates that?"
        )
        s.grep("region_name|us-east-1|eu-west", "kelpie/storage.py:12:s3 = boto3.client(\"s3\", region_name=settings.aws_region)\nkelpie/settings.py:8:    aws_region: str = \"eu-central-1\"\nkelpie/embeddings/cache.py:30:    bucket = \"kelpie-embeddings-us-east-1\"")
        s.grep("logger\\.(info|debug|warning).*text", "kelpie/tasks.py:34:    logger.debug(f\"classifying doc {doc_id}: {doc.text[:200]}\")\nkelpie/api.py:77:    logger.info(f\"request model={req.model} text_len={len(req.text)}\")")
        s.say("Two findings:\n\n1. `embeddings/cache.py` hard-codes a bucket in **us-east-1** for the embedding cache — that breaks the rule.\n2. `tasks.py:34` logs the first 200 characters of the document at debug level — raw text in logs.\n\nFixing both: the cache bucket comes from settings (EU), and the debug line logs only the id and length.")
        s.edit("kelpie/embeddings/cache.py", "    bucket = \"kelpie-embeddings-us-east-1\"", "    bucket = settings.embeddings_bucket  # must be in eu-central-1 (client DPAs)")
        s.edit("kelpie/tasks.py", "    logger.debug(f\"classifying doc {doc_id}: {doc.text[:200]}\")", "    logger.debug(f\"classifying doc {doc_id} len={len(doc.text)}\")")
        s.say("Done; the embedding bucket is configured per environment now and the text is no longer logged.")
        s.user(
            "Thanks! Small thing though, and for the future: we use structlog with key-value events in this service, never f-strings in log calls — "
            "`logger.debug(\"classify.start\", doc_id=doc_id, text_len=len(doc.text))`. The f-string lines are leftovers from before the switch, "
            "please fix the ones you touched and the api.py one."
        )
        s.edit("kelpie/tasks.py", "    logger.debug(f\"classifying doc {doc_id} len={len(doc.text)}\")", "    logger.debug(\"classify.start\", doc_id=doc_id, text_len=len(doc.text))")
        s.edit("kelpie/api.py", "    logger.info(f\"request model={req.model} text_len={len(req.text)}\")", "    logger.info(\"classify.request\", model=req.model, text_len=len(req.text))")
        s.bash("pytest -q", "..........................................................           [100%]\n58 passed in 6.02s")
        s.say("Both log calls are structlog key-value events now; tests pass.")

    @session("p34-multi-fork-tests-rpc-cache", "hollowpine", "2026-11-02T11:05:39", ["runbook", "tech_debt"], ("decision",))
    def _(s):
        s.user("CI red again, fork tests. 'HTTP error 429' from sepolia.base.org. third time this week. pls look")
        s.bash("gh run view --log-failed | tail -6", "[FAIL: backend: failed while inspecting; header validation error: HTTP error 429 with body: {\"code\":-32016,\"message\":\"over rate limit\"}] setUp() (gas: 0)\nSuite result: FAILED. 0 passed; 1 failed")
        s.read(".github/workflows/ci.yml", "      - run: forge test -vvv\n        env:\n          BASE_SEPOLIA_RPC: https://sepolia.base.org")
        s.say("CI uses the public Base Sepolia endpoint, which rate-limits shared runner IPs. The fork test pins a block (17,400,000), so its state never changes and can be cached: Foundry caches fork state under `~/.foundry/cache/rpc` when the block is fixed. Caching that directory in the workflow means CI only hits the RPC on a cache miss.")
        s.edit(".github/workflows/ci.yml", "      - run: forge test -vvv", "      - uses: actions/cache@v4\n        with:\n          path: ~/.foundry/cache/rpc\n          key: foundry-rpc-${{ hashFiles('test/fork/**') }}\n      - run: forge test -vvv")
        s.bash("git push origin HEAD && sleep 240 && gh run list -L 2", "completed  success  ci  develop  push  1m51s\ncompleted  success  ci  develop  push  3m07s")
        s.bash("gh run view --log | grep -E 'Cache (restored|saved)'", "Cache restored from key: foundry-rpc-5c0f2e...")
        s.user("green twice, second one restored cache. ok. but proper is private RPC key in secrets or anvil state dump, public rpc in CI is fragile. not now, I write it in the debt list")
        s.edit("docs/debt.md", "## Open\n", "## Open\n\n- CI fork tests use the public Base Sepolia RPC (rate-limited, HTTP 429). Mitigated by caching `~/.foundry/cache/rpc`. Proper: private RPC key in CI secrets or an anvil state dump checked into `test/fork/state/`.\n")
        s.say("Added to `docs/debt.md`. Fork state is cached in CI; the second run restored it and passed.")

    @session("p35-long-next-jdbc-migration", "brackenwood", "2026-11-03T08:50:00", ["session_summary", "tech_debt"], ("decision", "preference"))
    def _(s):
        s.user("Today I'd like to finish moving from clojure.java.jdbc to next.jdbc. The `history` and `api` namespaces are already done; what's left is `harvest`, `authority` and `reports`. Please start by finding every remaining use.")
        s.work([
            ("grep", "clojure.java.jdbc", "src/brackenwood/harvest/store.clj:3:            [clojure.java.jdbc :as jdbc]\nsrc/brackenwood/authority/lookup.clj:4:            [clojure.java.jdbc :as jdbc]\nsrc/brackenwood/reports/monthly.clj:5:            [clojure.java.jdbc :as jdbc]\nsrc/brackenwood/reports/usage.clj:5:            [clojure.java.jdbc :as jdbc]\ntest/brackenwood/harvest/store_test.clj:6:            [clojure.java.jdbc :as jdbc]"),
            ("read", "src/brackenwood/harvest/store.clj", "(defn save-batch! [db records]\n  (jdbc/with-db-transaction [tx db]\n    (doseq [r records]\n      (jdbc/insert! tx :harvested {:library_code (:library-code r) :marc (:marc r) :harvested_at (:at r)}))))\n\n(defn last-harvest [db library-code]\n  (first (jdbc/query db [\"select max(harvested_at) as at from harvested where library_code = ?\" library-code])))"),
        ])
        s.say("Five files. `harvest/store.clj` uses `with-db-transaction`, `insert!` and `query`; the main behavioural difference is that next.jdbc returns qualified keys (`:harvested/at`) unless we ask for unqualified ones. The rest of the code reads `:at`, so I'll use `next.jdbc.sql` with `rs/as-unqualified-lower-maps` where results are consumed.")
        s.work([
            ("edit", "src/brackenwood/harvest/store.clj", "            [clojure.java.jdbc :as jdbc]", "            [next.jdbc :as jdbc]\n            [next.jdbc.sql :as sql]\n            [next.jdbc.result-set :as result-set]"),
            ("edit", "src/brackenwood/harvest/store.clj", "  (jdbc/with-db-transaction [tx db]\n    (doseq [r records]\n      (jdbc/insert! tx :harvested {:library_code (:library-code r) :marc (:marc r) :harvested_at (:at r)}))))", "  (jdbc/with-transaction [tx db]\n    (sql/insert-multi! tx :harvested [:library_code :marc :harvested_at]\n                       (map (juxt :library-code :marc :at) records))))"),
            ("edit", "src/brackenwood/harvest/store.clj", "  (first (jdbc/query db [\"select max(harvested_at) as at from harvested where library_code = ?\" library-code])))", "  (jdbc/execute-one! db [\"select max(harvested_at) as at from harvested where library_code = ?\" library-code]\n                     {:builder-fn result-set/as-unqualified-lower-maps}))"),
            ("edit", "test/brackenwood/harvest/store_test.clj", "            [clojure.java.jdbc :as jdbc]", "            [next.jdbc :as jdbc]"),
            ("bash", "clojure -M:test --focus brackenwood.harvest.store-test", "FAIL in (last-harvest-test)\nexpected: #inst \"2026-10-01T00:00:00.000-00:00\"\n  actual: #object[java.time.OffsetDateTime 0x3e1 \"2026-10-01T00:00Z\"]\n4 tests, 9 assertions, 1 failures."),
        ])
        s.say("clojure.java.jdbc converted `timestamptz` to `java.util.Date` via the `IResultSetReadColumn` extension in `db/types.clj`; next.jdbc uses its own protocol (`ReadableColumn`). Porting the extension.")
        s.work([
            ("read", "src/brackenwood/db/types.clj", "(extend-protocol clojure.java.jdbc/IResultSetReadColumn\n  java.sql.Timestamp\n  (result-set-read-column [v _ _] (java.util.Date. (.getTime v))))"),
            ("edit", "src/brackenwood/db/types.clj", "(extend-protocol clojure.java.jdbc/IResultSetReadColumn\n  java.sql.Timestamp\n  (result-set-read-column [v _ _] (java.util.Date. (.getTime v))))", "(extend-protocol next.jdbc.result-set/ReadableColumn\n  java.sql.Timestamp\n  (read-column-by-label [v _] (java.util.Date. (.getTime v)))\n  (read-column-by-index [v _ _] (java.util.Date. (.getTime v)))\n  java.time.OffsetDateTime\n  (read-column-by-label [v _] (java.util.Date/from (.toInstant v)))\n  (read-column-by-index [v _ _] (java.util.Date/from (.toInstant v))))"),
            ("bash", "clojure -M:test --focus brackenwood.harvest.store-test", "4 tests, 9 assertions, 0 failures."),
            ("read", "src/brackenwood/authority/lookup.clj", "(defn find-heading [db heading]\n  (jdbc/query db [\"select id, heading, uri from authority where heading_norm = ?\" (norm heading)]\n              {:row-fn #(update % :uri java.net.URI.)}))"),
            ("edit", "src/brackenwood/authority/lookup.clj", "            [clojure.java.jdbc :as jdbc]", "            [next.jdbc.sql :as sql]\n            [next.jdbc.result-set :as result-set]"),
            ("edit", "src/brackenwood/authority/lookup.clj", "  (jdbc/query db [\"select id, heading, uri from authority where heading_norm = ?\" (norm heading)]\n              {:row-fn #(update % :uri java.net.URI.)}))", "  (->> (sql/query db [\"select id, heading, uri from authority where heading_norm = ?\" (norm heading)]\n                  {:builder-fn result-set/as-unqualified-lower-maps})\n       (mapv #(update % :uri java.net.URI.))))"),
            ("bash", "clojure -M:test --focus brackenwood.authority", "7 tests, 22 assertions, 0 failures."),
            ("read", "src/brackenwood/reports/monthly.clj", "(defn monthly [db month]\n  (jdbc/query db [(slurp (io/resource \"sql/monthly.sql\")) month month]\n              {:result-set-fn (fn [rs] (reduce merge-row {} rs))\n               :as-arrays? true}))\n;; ~300 more lines building the XLSX with :as-arrays? rows by index"),
            ("grep", "as-arrays|result-set-fn|nth row", "src/brackenwood/reports/monthly.clj:14:              {:result-set-fn (fn [rs] (reduce merge-row {} rs))\nsrc/brackenwood/reports/monthly.clj:15:               :as-arrays? true}))\nsrc/brackenwood/reports/monthly.clj:88:  (nth row 7)\nsrc/brackenwood/reports/monthly.clj:131:  (nth row 12)\nsrc/brackenwood/reports/usage.clj:22:              {:as-arrays? true}))\nsrc/brackenwood/reports/usage.clj:61:  (nth row 3)"),
        ])
        s.say(
            "`reports` is different: both report namespaces read rows as arrays and pick columns by index (`(nth row 7)`, about 40 places), "
            "tied to the column order of the SQL files. next.jdbc can return arrays too (`as-unqualified-arrays`), but its first row is the "
            "column names, so every index would shift by one row and the reductions need rewriting. It's a larger, riskier change than the other two."
        )
        s.user("Then leave reports on clojure.java.jdbc for now. The monthly report goes to the consortium board on the 15th and I don't want to touch it before that; we'll do it properly afterwards, ideally moving to maps. Keep both libraries in deps.edn until then, and note it in docs/debt.md.")
        s.work([
            ("read", "deps.edn", "{:deps {org.clojure/clojure {:mvn/version \"1.12.0\"}\n        org.clojure/java.jdbc {:mvn/version \"0.7.12\"}\n        com.github.seancorfield/next.jdbc {:mvn/version \"1.3.939\"}"),
            ("edit", "deps.edn", "        org.clojure/java.jdbc {:mvn/version \"0.7.12\"}", "        ;; only brackenwood.reports.* still uses java.jdbc; see docs/debt.md\n        org.clojure/java.jdbc {:mvn/version \"0.7.12\"}"),
            ("edit", "docs/debt.md", "# Debt\n", "# Debt\n\n## reports/* still on clojure.java.jdbc\n\n`brackenwood.reports.monthly` and `.usage` read rows with `:as-arrays?` and index columns by position (~40 `nth` calls tied to the SQL column order). Not migrated with the rest (November) because the monthly board report was due; both JDBC libraries stay in deps.edn until then. Plan: migrate to next.jdbc with unqualified maps and named columns, then drop `org.clojure/java.jdbc`.\n"),
            ("bash", "clojure -M:test", "--- unit ---\n142 tests, 611 assertions, 0 failures.\n--- integration ---\n41 tests, 133 assertions, 0 failures."),
            ("bash", "clojure -M:lint", "linting took 2104ms, errors: 0, warnings: 0"),
            ("bash", "clojure -T:build uber && java -jar target/brackenwood-0.9.4-standalone.jar --smoke", "Building uberjar target/brackenwood-0.9.4-standalone.jar\nsmoke: db ok, harvest ok, authority ok, reports ok"),
            ("bash", "git status --short", " M deps.edn\n M docs/debt.md\n M src/brackenwood/authority/lookup.clj\n M src/brackenwood/db/types.clj\n M src/brackenwood/harvest/store.clj\n M test/brackenwood/harvest/store_test.clj"),
        ])
        s.user("Lovely. Could you write a short summary I can post in the team channel?")
        s.say(
            "**next.jdbc migration — status**\n\n"
            "Done today:\n"
            "- `harvest.store` and `authority.lookup` moved to next.jdbc (`with-transaction`, `insert-multi!` for batches, unqualified "
            "lower-case maps where results are consumed).\n"
            "- The timestamp conversion in `db.types` is now a `ReadableColumn` extension (also covers `OffsetDateTime`), so callers still "
            "get `java.util.Date`.\n"
            "- All tests (183), lint and the uberjar smoke test pass.\n\n"
            "Left on purpose:\n"
            "- `reports.monthly` and `reports.usage` stay on clojure.java.jdbc until after the board report on the 15th; they index "
            "array rows by position and need a proper rewrite to maps. Both JDBC libraries stay in `deps.edn` until then (see `docs/debt.md`).\n\n"
            "Next: migrate `reports/*`, then remove `org.clojure/java.jdbc`."
        )

    @session("p36-multi-kiosk-webgl2-cpu-diffusion", "emberfield", "2026-11-04T15:20:44", ["constraint", "decision"])
    def _(s):
        s.user("museum kiosk is a locked down win10 box with chrome 109, cant update it, the museum IT owns it. no webgpu there. our plankton diffusion is a compute shader. what now")
        s.grep("ComputePipeline|@compute", "src/render/plankton.rs:31:    let pipeline = pipeline_cache.queue_compute_pipeline(ComputePipelineDescriptor {\nassets/shaders/diffusion.wgsl:1:@compute @workgroup_size(8, 8)")
        s.say(
            "On WebGL2 there are no compute shaders at all, so the diffusion pass cannot run there as is. Options:\n\n"
            "1. **CPU fallback** on the web build: the grid is 256x256, a 5-point stencil per fixed tick is ~65k cells, cheap enough in wasm.\n"
            "2. **Fragment-shader ping-pong** between two render targets: keeps it on the GPU, but it's a second implementation in a "
            "different shader style and needs float render targets (an extension on WebGL2).\n"
            "3. Ship the kiosk a native Windows build instead of the web one."
        )
        s.user("3 is out, they only allow the browser. cpu fallback. the grid is small on the kiosk anyway")
        s.write("src/sim/diffusion_cpu.rs", "/// CPU diffusion for targets without compute shaders (WebGL2: the museum kiosk runs Chrome 109, no WebGPU).\npub fn diffuse(grid: &mut Grid, rate: f32) {\n    let src = grid.cells.clone();\n    for y in 1..grid.h - 1 {\n        for x in 1..grid.w - 1 {\n            let i = y * grid.w + x;\n            let lap = src[i - 1] + src[i + 1] + src[i - grid.w] + src[i + grid.w] - 4.0 * src[i];\n            grid.cells[i] = src[i] + rate * lap;\n        }\n    }\n}")
        s.edit("src/render/plankton.rs", "pub struct PlanktonPlugin;", "pub struct PlanktonPlugin;\n\n// WebGL2 has no compute: the web build diffuses on the CPU (sim::diffusion_cpu).\n#[cfg(target_arch = \"wasm32\")]\nconst USE_COMPUTE: bool = false;\n#[cfg(not(target_arch = \"wasm32\"))]\nconst USE_COMPUTE: bool = true;")
        s.bash("cargo test -q diffusion", "running 3 tests\n...\ntest result: ok. 3 passed; 0 failed")
        s.bash("trunk build --release --cargo-profile wasm-release", "INFO ✅ success")
        s.say("The web build now diffuses plankton on the CPU (`sim/diffusion_cpu.rs`); native builds keep the compute shader. The diffusion tests pass and the web build succeeds.")

"""Sixth held-out set: short English sessions with one text category, p13-p27. See _make_triage6.py."""


def register(session):
    # -- decision
    @session("p13-decision-uniform-grid", "emberfield", "2026-10-06T21:14:02", ["decision"])
    def _(s):
        s.user("neighbour lookup for the fish is O(n^2) and at 20k fish it crawls. options?")
        s.read("src/sim/schooling.rs", "fn schooling(mut q: Query<(Entity, &Transform, &mut Velocity), With<Fish>>, all: Query<(Entity, &Transform), With<Fish>>) {\n    for (e, t, mut v) in &mut q {\n        for (o, ot) in &all {\n            if e == o { continue; }\n            // cohesion / separation / alignment\n")
        s.say(
            "Three realistic options:\n\n"
            "1. **`bevy_spatial`** (kd-tree, rebuilt every N frames): least code, one more dependency, and it lags behind "
            "Bevy releases now and then.\n"
            "2. **Own uniform grid**: cell size = perception radius, a `HashMap<IVec2, SmallVec<[Entity; 8]>>` rebuilt each "
            "fixed tick; about 60 lines, very fast when fish are spread evenly, which they are in the lake.\n"
            "3. **Sort-and-sweep along x**: simplest, but degrades when fish bunch up in a school — exactly the case that matters.\n\n"
            "At 20k agents I'd expect 1 or 2 to bring the system from ~40 ms to 1-2 ms."
        )
        s.user("2. no extra dep, and we control the rebuild timing for the deterministic runs")
        s.write("src/sim/grid.rs", "use bevy::prelude::*;\nuse bevy::utils::HashMap;\nuse smallvec::SmallVec;\n\n#[derive(Resource, Default)]\npub struct SpatialGrid {\n    pub cell: f32,\n    cells: HashMap<IVec2, SmallVec<[Entity; 8]>>,\n}\n\nimpl SpatialGrid {\n    pub fn rebuild(&mut self, it: impl Iterator<Item = (Entity, Vec2)>) { /* ... */ }\n    pub fn near(&self, p: Vec2) -> impl Iterator<Item = Entity> + '_ { /* 3x3 cells */ }\n}")
        s.edit("src/sim/schooling.rs", "        for (o, ot) in &all {", "        for o in grid.near(t.translation.truncate()) {\n            let Ok((_, ot)) = all.get(o) else { continue };")
        s.bash("cargo run --release --features headless -- --fish 20000 --ticks 600 --bench", "schooling: mean 1.7 ms / tick (was 41.3 ms)\nrun finished: 600 ticks, checksum 0x9f31c2aa")
        s.say("Switched `schooling` to a uniform grid (`src/sim/grid.rs`, rebuilt once per fixed tick). At 20k fish the system now takes 1.7 ms per tick instead of 41.3 ms.")

    @session("p14-decision-malli-over-spec", "brackenwood", "2026-10-07T09:05:18", ["decision"])
    def _(s):
        s.user(
            "Oskar here. After the discussion yesterday, we'll use Malli rather than clojure.spec for validating the API "
            "boundary, because we want the schemas as plain data so Reitit can generate the OpenAPI document from them, and "
            "spec's error messages were a constant complaint from the consortium's integrators. clojure.spec stays where it is "
            "inside the normaliser for now. Could you convert the two request specs in `api/schemas.clj`?"
        )
        s.read("src/brackenwood/api/schemas.clj", "(ns brackenwood.api.schemas\n  (:require [clojure.spec.alpha :as s]))\n\n(s/def ::isbn string?)\n(s/def ::library-code (s/and string? #(re-matches #\"[A-Z]{2,6}\" %)))\n(s/def ::lookup-request (s/keys :req-un [::library-code] :opt-un [::isbn]))")
        s.write("src/brackenwood/api/schemas.clj", "(ns brackenwood.api.schemas)\n\n(def LibraryCode [:re #\"^[A-Z]{2,6}$\"])\n\n(def LookupRequest\n  [:map\n   [:library-code LibraryCode]\n   [:isbn {:optional true} :string]])")
        s.edit("src/brackenwood/api/routes.clj", ":coercion reitit.coercion.spec/coercion", ":coercion reitit.coercion.malli/coercion")
        s.bash("clojure -M:test --focus brackenwood.api.routes-test", "8 tests, 31 assertions, 0 failures.")
        s.say("Converted both request schemas to Malli and switched the routes to `reitit.coercion.malli`. The route tests pass; the OpenAPI document now includes the `library-code` pattern.")

    @session("p15-decision-db-result-backend", "kelpie", "2026-10-08T15:40:51", ["decision"])
    def _(s):
        s.user(
            "Okay so — third time this month a client polled `/jobs/{id}` and got 'unknown' for a job that definitely ran 😩 "
            "I think it's the Redis result backend: results expire after a day and when Redis gets tight on memory it evicts. "
            "What are the options?"
        )
        s.read("kelpie/worker.py", "app = Celery(\"kelpie\", broker=settings.redis_url, backend=settings.redis_url)\napp.conf.result_expires = 86400")
        s.bash("redis-cli -u $REDIS_URL info memory | grep -E 'maxmemory_policy|used_memory_human'", "used_memory_human:1.87G\nmaxmemory_policy:allkeys-lru")
        s.say(
            "That confirms it: `allkeys-lru` lets Redis evict result keys under pressure, and they expire after 24 h anyway.\n\n"
            "Options:\n- **Keep Redis, change policy** to `volatile-lru` and raise `result_expires`: cheap, but results still live in "
            "memory and a Redis restart loses them.\n- **Database result backend** (`db+postgresql://...`, SQLAlchemy): results are durable "
            "and queryable, slightly slower writes, and you need a cleanup job.\n- **Store results ourselves** in our `jobs` table from the task "
            "and stop using Celery results: most control, most code."
        )
        s.user("Let's go with the database backend — I don't want results vanishing because of something Redis decided. We have Postgres right there anyway.")
        s.edit("kelpie/worker.py", "app = Celery(\"kelpie\", broker=settings.redis_url, backend=settings.redis_url)\napp.conf.result_expires = 86400",
               "app = Celery(\"kelpie\", broker=settings.redis_url, backend=f\"db+{settings.database_url}\")\napp.conf.result_expires = 30 * 86400\napp.conf.database_table_names = {\"task\": \"celery_taskmeta\", \"group\": \"celery_groupmeta\"}")
        s.bash("pytest -q tests/test_jobs_api.py", "........                                                             [100%]\n8 passed in 2.41s")
        s.say("The worker now stores results in Postgres (`celery_taskmeta`), kept for 30 days; `celery beat`'s built-in `backend_cleanup` task removes older ones. Job API tests pass.")

    # -- runbook
    @session("p16-runbook-stuck-nonce-base", "hollowpine", "2026-10-08T11:22:09", ["runbook"])
    def _(s):
        s.user("deploy script to base sepolia hangs and then 'replacement transaction underpriced'. what is happen")
        s.bash("cast nonce $DEPLOYER --rpc-url $BASE_SEPOLIA_RPC; cast nonce $DEPLOYER --rpc-url $BASE_SEPOLIA_RPC --block pending", "41\n42")
        s.bash("cast tx --rpc-url $BASE_SEPOLIA_RPC $(jq -r '.pending[0]' broadcast/Deploy.s.sol/84532/run-latest.json) gasPrice", "1000252")
        s.say(
            "There is a transaction stuck in the mempool with nonce 41 and a very low gas price (about 0.001 gwei), from the "
            "previous run. Every new run reuses nonce 41 with a price that is not at least 10 % higher, so the node refuses it as "
            "an underpriced replacement. Clearing it with a zero-value self-transfer at the same nonce and a higher price will unblock it."
        )
        s.user("ok do it")
        s.bash("cast send $DEPLOYER --value 0 --nonce 41 --gas-price 0.05gwei --rpc-url $BASE_SEPOLIA_RPC --account deployer", "status               1 (success)\ntransactionHash      0x5be1...c09e\nblockNumber          17339021")
        s.bash("forge script script/Deploy.s.sol --rpc-url $BASE_SEPOLIA_RPC --account deployer --broadcast", "ONCHAIN EXECUTION COMPLETE & SUCCESSFUL.\n  EscrowFactory: 0x8c3F...41d2")
        s.user("works. write it in docs/ops so next time somebody dont lose hour on this")
        s.write("docs/ops/stuck-nonce.md", "# Deploy hangs, then \"replacement transaction underpriced\"\n\nSymptom: `forge script --broadcast` waits, then fails with `replacement transaction underpriced`.\n\nCause: an earlier transaction of the deployer is stuck in the mempool (gas price too low); new runs reuse its nonce.\n\nCheck:\n```\ncast nonce $DEPLOYER --rpc-url $RPC                 # mined\ncast nonce $DEPLOYER --rpc-url $RPC --block pending # pending; higher = stuck tx\n```\n\nFix: replace it with a 0-value self-transfer at the stuck nonce and a clearly higher gas price:\n```\ncast send $DEPLOYER --value 0 --nonce <stuck> --gas-price <higher> --rpc-url $RPC --account deployer\n```\nThen rerun the script. Verify: both nonce calls print the same number.")
        s.say("Wrote `docs/ops/stuck-nonce.md`: symptom, cause, how to check the nonces, the replacement transaction and how to verify.")

    @session("p17-runbook-celery-after-redis-failover", "kelpie", "2026-10-09T07:58:30", ["runbook"])
    def _(s):
        s.user("morning!! workers look alive in k8s but nothing gets consumed since ~3am, queue depth 4k and climbing. Redis had a failover at 02:51 per the cloud console.")
        s.bash("kubectl logs deploy/kelpie-worker --since=6h | grep -iE 'error|reset|reconnect' | tail -5",
               "[02:51:14] ERROR consumer: Cannot connect to redis://kelpie-redis:6379/0: Error 104 while writing to socket. Connection reset by peer.\n[02:51:16] INFO Connected to redis://kelpie-redis:6379/0\n[02:51:16] WARNING consumer: mingle: sync with 0 nodes")
        s.bash("kubectl exec deploy/kelpie-worker -- celery -A kelpie.worker inspect active_queues", "Error: No nodes replied within time constraint")
        s.say(
            "The workers reconnected to the new Redis primary at 02:51 but never re-declared their queue subscriptions: "
            "`inspect active_queues` gets no reply, so the consumers are connected but not listening. This is a known Celery/kombu "
            "behaviour after a broker connection reset when the connection is re-established mid-consume. Restarting the workers "
            "re-subscribes them; to make them survive the next failover, enable `broker_connection_retry_on_startup` and a "
            "`socket_keepalive` with a health check interval so dead connections are noticed."
        )
        s.bash("kubectl rollout restart deploy/kelpie-worker && kubectl rollout status deploy/kelpie-worker", "deployment \"kelpie-worker\" successfully rolled out")
        s.edit("kelpie/worker.py", "app.conf.result_expires = 30 * 86400", "app.conf.result_expires = 30 * 86400\napp.conf.broker_connection_retry_on_startup = True\napp.conf.broker_transport_options = {\"socket_keepalive\": True, \"health_check_interval\": 30}")
        s.bash("redis-cli -u $REDIS_URL llen inference", "3872")
        s.user("ok that did it, depth is dropping fast now. ty 🙏")
        s.bash("redis-cli -u $REDIS_URL llen inference", "112")
        s.say("Queue is down to 112 and draining. The keepalive and health-check settings are in `worker.py` and go out with the next deploy.")

    @session("p18-runbook-stale-cpcache", "brackenwood", "2026-10-12T16:31:05", ["runbook"])
    def _(s):
        s.user("The uberjar build is failing on my machine since I pulled main, on CI it's fine. Error below.\n\nSyntax error (ClassNotFoundException) compiling at (brackenwood/marc/reader.clj:1:1).\norg.marc4j.MarcStreamReader")
        s.bash("git log -1 --format=%h -- deps.edn; ls -la .cpcache | head -3", "4e1a9d0\ntotal 24\n-rw-r--r-- 1 oskar oskar 5121 Sep 30 11:02 2771839201.cp")
        s.say("`deps.edn` changed in `4e1a9d0` (marc4j was added), but your `.cpcache` is from 30 September, so the build is using a classpath computed before marc4j was a dependency. The CLI normally notices `deps.edn` changes, but not when the change only arrives through a `:local/root` dependency's deps.edn, which is the case here.")
        s.bash("clojure -Sforce -T:build uber", "Compiling brackenwood.main ...\nBuilding uberjar target/brackenwood-0.9.3-standalone.jar")
        s.user("That fixed it. Please add it to docs/troubleshooting.md, others will run into it too.")
        s.edit("docs/troubleshooting.md", "# Troubleshooting\n", "# Troubleshooting\n\n## ClassNotFoundException for a dependency that is in deps.edn\n\nSymptom: the build or REPL fails with `ClassNotFoundException` for a class of a library that `deps.edn` (or a `:local/root` module's deps.edn) lists; CI is fine.\n\nCause: a stale `.cpcache`: the classpath was computed before the dependency was added, and a change in a `:local/root` module does not invalidate it.\n\nFix: `clojure -Sforce -T:build uber` (or delete `.cpcache/`). Verify: the build compiles and `clojure -Spath | tr : '\\\\n' | grep marc4j` lists the jar.\n")
        s.say("Added the section to `docs/troubleshooting.md`.")

    # -- constraint
    @session("p19-constraint-timelock-48h", "hollowpine", "2026-10-13T10:10:10", ["constraint"], ("decision",))
    def _(s):
        s.user("need admin function to change feeBps on EscrowFactory, max 5%")
        s.edit("src/EscrowFactory.sol", "    uint16 public feeBps;", "    uint16 public feeBps;\n\n    function setFeeBps(uint16 newFee) external onlyOwner {\n        if (newFee > 500) revert FeeTooHigh(newFee);\n        emit FeeChanged(feeBps, newFee);\n        feeBps = newFee;\n    }")
        s.say("Added `setFeeBps` (owner only, capped at 500 bps), with a `FeeChanged` event.")
        s.user(
            "no, onlyOwner not ok. the client auditor requires every admin function goes through the TimelockController with "
            "minimum 48h delay, so users can exit before change. it is condition for the audit sign off. owner is the timelock, not the multisig directly"
        )
        s.grep("TimelockController", "script/Deploy.s.sol:27:        TimelockController tl = new TimelockController(2 days, proposers, executors, address(0));\nscript/Deploy.s.sol:31:        factory.transferOwnership(address(tl));")
        s.say("The deploy script already makes the `TimelockController` (2 days) the factory's owner, so `onlyOwner` resolves to the timelock after deployment. What is missing is a guarantee: nothing stops someone transferring ownership to an EOA later. I'll pin it in a test.")
        s.write("test/Timelock.t.sol", "contract TimelockTest is Deployed {\n    function test_ownerIsTimelockWith48h() public view {\n        assertEq(factory.owner(), address(timelock));\n        assertGe(timelock.getMinDelay(), 48 hours);\n    }\n\n    function test_setFeeBpsDirectFromMultisigReverts() public {\n        vm.prank(multisig);\n        vm.expectRevert();\n        factory.setFeeBps(100);\n    }\n}")
        s.bash("forge test --mc TimelockTest", "[PASS] test_ownerIsTimelockWith48h() (gas: 10231)\n[PASS] test_setFeeBpsDirectFromMultisigReverts() (gas: 13877)\nSuite result: ok. 2 passed")
        s.say("`setFeeBps` stays `onlyOwner`, and two tests now pin that the owner is the timelock with at least 48 h delay and that the multisig cannot call it directly.")

    @session("p20-constraint-two-gpus-shared-pool", "kelpie", "2026-10-14T13:02:44", ["constraint"], ("decision",))
    def _(s):
        s.user("Can you bump the GPU worker replicas to 4 in the prod values? The backlog on Mondays is brutal.")
        s.read("deploy/helm/values-prod.yaml", "gpuWorker:\n  replicas: 2\n  resources:\n    limits:\n      nvidia.com/gpu: 1")
        s.say("Sure, but before I do: is there a quota on the GPU pool? Four replicas at one GPU each needs four GPUs.")
        s.user(
            "Ugh, right. Yes — the platform team caps every tenant at 2 GPUs in the shared T4 pool, it's a ResourceQuota on our "
            "namespace and they won't raise it before the new nodes arrive next year. So 2 GPU pods is the ceiling. Can we get more "
            "out of the two we have instead?"
        )
        s.bash("kubectl get resourcequota -n kelpie gpu-quota -o jsonpath='{.spec.hard}'", "{\"requests.nvidia.com/gpu\":\"2\"}")
        s.read("kelpie/tasks.py", "@app.task(name=\"classify\")\ndef classify(doc_id: str) -> dict:\n    doc = load(doc_id)\n    return model.predict([doc])[0]")
        s.say("Each task sends a batch of one to the GPU. Batching several queued documents per inference call would raise throughput without more GPUs; I'll add a batched task with up to 16 documents and a 200 ms wait.")
        s.edit("kelpie/tasks.py", "@app.task(name=\"classify\")", "@app.task(name=\"classify_batch\")\ndef classify_batch(doc_ids: list[str]) -> list[dict]:\n    return model.predict([load(d) for d in doc_ids])\n\n\n@app.task(name=\"classify\")")
        s.say("Added `classify_batch`; replicas stay at 2. Next step would be having the API group incoming jobs into batches.")

    @session("p21-constraint-worldcat-records", "brackenwood", "2026-10-15T08:44:27", ["constraint"], ("decision",))
    def _(s):
        s.user(
            "A note before you add the `/records/{id}/marc` endpoint: records whose 040 $a is OCLC, or that carry an 035 with the "
            "(OCoLC) prefix, come from WorldCat, and the consortium's agreement with OCLC does not allow us to redistribute those "
            "in full to the public. Members can see them when authenticated; anonymous callers may only get our normalised summary. "
            "This applies to every endpoint that returns full MARC, now and later."
        )
        s.read("src/brackenwood/api/routes.clj", "[\"/records/:id\" {:get {:handler records/summary}}]")
        s.write("src/brackenwood/licence.clj", "(ns brackenwood.licence)\n\n(defn worldcat-derived?\n  \"True when the record came from WorldCat: 040 $a OCLC or an 035 $a with the (OCoLC) prefix.\"\n  [record]\n  (or (some #(= \"OCLC\" %) (subfield-values record \"040\" \"a\"))\n      (some #(str/starts-with? % \"(OCoLC)\") (subfield-values record \"035\" \"a\"))))")
        s.edit("src/brackenwood/api/routes.clj", "[\"/records/:id\" {:get {:handler records/summary}}]", "[\"/records/:id\" {:get {:handler records/summary}}]\n[\"/records/:id/marc\" {:get {:handler records/full-marc}}]")
        s.edit("src/brackenwood/api/records.clj", "(defn full-marc [req]", "(defn full-marc\n  \"Full MARC; WorldCat-derived records only for authenticated members (OCLC agreement).\"\n  [req]\n  (when (and (licence/worldcat-derived? (record req)) (not (member? req)))\n    (throw (ex-info \"forbidden\" {:status 403})))")
        s.bash("clojure -M:test --focus brackenwood.api.records-test", "6 tests, 19 assertions, 0 failures.")
        s.say("Added `/records/{id}/marc`; WorldCat-derived records (040 $a OCLC or 035 (OCoLC)) return 403 to anonymous callers and full MARC to authenticated members. The check lives in `brackenwood.licence` so later full-MARC endpoints can reuse it.")

    # -- tech_debt
    @session("p22-techdebt-csv-export-in-memory", "emberfield", "2026-10-16T22:05:40", ["tech_debt"], ("decision",))
    def _(s):
        s.user("export of a 5M tick run got OOM killed. 14gb rss")
        s.read("src/export/csv.rs", "pub fn export(history: &History, path: &Path) -> io::Result<()> {\n    let rows: Vec<Row> = history.ticks().flat_map(|t| t.agents().map(Row::from)).collect();\n    let mut w = csv::Writer::from_path(path)?;\n    for r in rows { w.serialize(r)?; }\n    Ok(())\n}")
        s.say("`export` collects every row of every tick into one `Vec` before writing the first one, so the export needs the whole run's rows in memory at once on top of the run itself. Streaming the rows straight into the writer would keep memory flat, but `History` itself also keeps all ticks in memory during the run, so long runs need both changed: stream the export, and spill `History` to disk in chunks.")
        s.user("the export part is a 2 line fix, do that. the History spill is bigger, leave it, fine for runs under 1M ticks which is all anyone does right now. later")
        s.edit("src/export/csv.rs", "    let rows: Vec<Row> = history.ticks().flat_map(|t| t.agents().map(Row::from)).collect();\n    let mut w = csv::Writer::from_path(path)?;\n    for r in rows { w.serialize(r)?; }", "    let mut w = csv::Writer::from_path(path)?;\n    for r in history.ticks().flat_map(|t| t.agents().map(Row::from)) { w.serialize(r)?; }")
        s.bash("cargo test -q export", "running 4 tests\n....\ntest result: ok. 4 passed; 0 failed")
        s.say("The export now streams rows into the CSV writer. `History` still holds every tick in memory, so runs much beyond 1M ticks at 20k agents will still run out of memory during the simulation itself.")

    @session("p23-techdebt-manifest-s3-per-request", "kelpie", "2026-10-19T16:12:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("why is p50 latency 180ms on /classify when inference alone is 40ms?? profiling says something in registry.py")
        s.read("kelpie/registry.py", "def current_model(name: str) -> ModelRef:\n    manifest = json.loads(s3.get_object(Bucket=BUCKET, Key=f\"{name}/manifest.json\")[\"Body\"].read())\n    return ModelRef(**manifest[\"current\"])")
        s.grep("current_model(", "kelpie/api.py:58:    ref = registry.current_model(req.model)\nkelpie/tasks.py:21:    ref = registry.current_model(name)")
        s.say("`current_model` fetches the manifest from S3 on every request, about 120-140 ms from the pod. A TTL cache (say 60 s) or a watcher that reloads on S3 events would remove that from the hot path; the TTL cache is about ten lines, but it changes how quickly a model promotion takes effect, so promotions would need to account for up to a minute of lag.")
        s.user(
            "hmm. I don't want to touch the promotion flow the week before the demo, Jonas is scripting the demo around an instant promote. "
            "Let's not do it now, but this is definitely debt — can you leave a proper note in the code so we don't forget why it's slow?"
        )
        s.edit("kelpie/registry.py", "def current_model(name: str) -> ModelRef:", "# DEBT: reads the manifest from S3 on every call (~130 ms of the /classify p50).\n# Fix: TTL cache or S3-event reload; postponed until after the demo because it delays model promotion.\ndef current_model(name: str) -> ModelRef:")
        s.say("Left a `DEBT` comment on `current_model` with the cost, the fix and why it waits.")

    @session("p24-techdebt-marc8-table", "brackenwood", "2026-10-20T14:27:13", ["tech_debt"], ("decision",))
    def _(s):
        s.user("A record from Uppsala has garbled diacritics in 245 $c (\"Ã¥\" instead of \"å\"). Can you look at why?")
        s.read("src/brackenwood/marc/charset.clj", ";; MARC-8 -> Unicode, table copied from an old LoC file, combining marks only partially covered\n(def marc8-combining {0xE1 \\u0300, 0xE2 \\u0301, 0xE3 \\u0302})")
        s.bash("clojure -M -e \"(require 'brackenwood.marc.charset) (brackenwood.marc.charset/decode (slurp-bytes \\\"dev/uppsala-245.mrc\\\"))\"", "\"Strindberg, August ; utg. av Ã¥ke\"")
        s.say("Two things: the record's leader position 09 is blank (MARC-8), but the bytes are actually UTF-8, so we decode them twice. And our MARC-8 table is hand-copied and covers only three combining marks. The quick fix is to sniff for valid UTF-8 when leader/09 is blank; the proper fix is to drop the copied table and use marc4j's `AnselToUnicode` converter, which would touch every import path.")
        s.user("Do the sniffing. Replacing the table with marc4j is the right thing but not this week, the release is Friday. Park it as debt.")
        s.edit("src/brackenwood/marc/charset.clj", "(defn decode [bytes]", "(defn decode\n  \"Leader/09 blank means MARC-8, but some libraries send UTF-8 anyway: valid UTF-8 wins.\n  DEBT: the MARC-8 table below is hand-copied and incomplete; replace with marc4j AnselToUnicode.\"\n  [bytes]")
        s.bash("clojure -M:test --focus brackenwood.marc.charset-test", "5 tests, 14 assertions, 0 failures.")
        s.say("UTF-8 sniffing is in and the Uppsala record decodes as \"Åke\". The table replacement is noted as debt in the docstring of `decode`.")

    # -- preference
    @session("p25-preference-monkeypatch-not-mock", "kelpie", "2026-10-21T10:33:19", ["preference"])
    def _(s):
        s.user("add a test that /classify returns 503 when the model registry is unreachable")
        s.write("tests/test_classify_unavailable.py", "from unittest.mock import patch\n\n\ndef test_registry_down_returns_503(client):\n    with patch(\"kelpie.registry.current_model\", side_effect=ConnectionError):\n        r = client.post(\"/classify\", json={\"model\": \"claims\", \"text\": \"x\"})\n    assert r.status_code == 503")
        s.bash("pytest -q tests/test_classify_unavailable.py", ".                                                                    [100%]\n1 passed in 0.38s")
        s.say("Added `tests/test_classify_unavailable.py`; it passes.")
        s.user("we don't use unittest.mock in this repo — pytest's monkeypatch fixture everywhere, please. mixing both made a mess in the old tests")
        s.write("tests/test_classify_unavailable.py", "def test_registry_down_returns_503(client, monkeypatch):\n    def down(name):\n        raise ConnectionError(name)\n\n    monkeypatch.setattr(\"kelpie.registry.current_model\", down)\n    r = client.post(\"/classify\", json={\"model\": \"claims\", \"text\": \"x\"})\n    assert r.status_code == 503")
        s.bash("pytest -q tests/test_classify_unavailable.py", ".                                                                    [100%]\n1 passed in 0.35s")
        s.say("Rewritten with `monkeypatch.setattr`; still passes.")

    @session("p26-preference-custom-errors", "hollowpine", "2026-10-22T12:01:55", ["preference"])
    def _(s):
        s.user("in Escrow.release check that caller is client or arbiter")
        s.edit("src/Escrow.sol", "    function release() external {", "    function release() external {\n        require(msg.sender == client || msg.sender == arbiter, \"Escrow: not authorized\");")
        s.say("Added the check with a `require` at the top of `release`.")
        s.user("we never use require with strings, always custom errors. cheaper and the frontend decodes them by selector")
        s.edit("src/Escrow.sol", "        require(msg.sender == client || msg.sender == arbiter, \"Escrow: not authorized\");", "        if (msg.sender != client && msg.sender != arbiter) revert NotAuthorized(msg.sender);")
        s.edit("src/interfaces/IEscrow.sol", "    error AlreadyReleased();", "    error AlreadyReleased();\n    error NotAuthorized(address caller);")
        s.bash("forge test --mc EscrowTest", "Suite result: ok. 23 passed; 0 failed; 0 skipped")
        s.say("Replaced it with `revert NotAuthorized(msg.sender)` and declared the error in `IEscrow`. Tests pass.")

    @session("p27-preference-no-unwrap-in-systems", "emberfield", "2026-10-23T19:48:03", ["preference"])
    def _(s):
        s.user("predators should stop chasing when the prey entity is despawned, currently it panics")
        s.read("src/sim/predation.rs", "fn chase(mut q: Query<(&mut Velocity, &Transform, &Target), With<Predator>>, prey: Query<&Transform, With<Prey>>) {\n    for (mut v, t, target) in &mut q {\n        let pt = prey.get(target.0).unwrap();")
        s.edit("src/sim/predation.rs", "        let pt = prey.get(target.0).unwrap();", "        let pt = match prey.get(target.0) {\n            Ok(pt) => pt,\n            Err(_) => { commands.entity(e).remove::<Target>(); continue; }\n        };")
        s.say("`chase` now drops the `Target` when the prey is gone instead of panicking.")
        s.user("fine but style: in systems we do let-else and warn!/debug! on the else branch, never match for this and never unwrap. same everywhere in sim/")
        s.edit("src/sim/predation.rs", "        let pt = match prey.get(target.0) {\n            Ok(pt) => pt,\n            Err(_) => { commands.entity(e).remove::<Target>(); continue; }\n        };", "        let Ok(pt) = prey.get(target.0) else {\n            debug!(?e, \"prey gone, dropping target\");\n            commands.entity(e).remove::<Target>();\n            continue;\n        };")
        s.bash("cargo test -q sim::predation", "test result: ok. 6 passed; 0 failed")
        s.say("Switched to `let-else` with a `debug!` on the else branch. Tests pass.")

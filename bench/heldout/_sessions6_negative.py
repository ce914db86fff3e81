"""Sixth held-out set: the negatives (expect nothing), p01-p12. See _make_triage6.py."""

NONE: list[str] = []


def register(session):
    @session("p01-question-fixedupdate-vs-update", "emberfield", "2026-10-06T08:41:12", NONE)
    def _(s):
        s.user("whats the actual difference between FixedUpdate and Update in bevy 0.14. do i need FixedUpdate for the fish movement")
        s.say(
            "`Update` runs once per rendered frame, so its step length follows the frame rate. `FixedUpdate` runs "
            "inside `RunFixedMainLoop` zero or more times per frame so that, on average, it ticks at a fixed rate "
            "(64 Hz by default, set with `Time::<Fixed>::from_hz`). Inside it, `Res<Time>` is the fixed clock, so "
            "`time.delta_seconds()` is always the same value.\n\n"
            "For movement that feeds the simulation (positions that predators and prey react to), `FixedUpdate` is "
            "the usual choice: results stop depending on the frame rate and a headless run behaves like a windowed one. "
            "Purely visual things (interpolating the sprite between two fixed ticks, camera smoothing) belong in `Update`.\n\n"
            "One thing to watch: input events read in `FixedUpdate` can be missed or seen twice, because the schedule "
            "may run 0 or 2 times in a frame."
        )
        s.user("ok makes sense ty")
        s.say("You're welcome.")

    @session("p02-trivial-readme-typo", "kelpie", "2026-10-06T10:02:40", NONE)
    def _(s):
        s.user("tiny one: README says `celery -A kelpie.worker worker -Q infernce` — typo in the queue name, can you fix it?")
        s.read("README.md", "## Running locally\n\n```\nuvicorn kelpie.api:app --reload\ncelery -A kelpie.worker worker -Q infernce -c 2\n```")
        s.edit("README.md", "celery -A kelpie.worker worker -Q infernce -c 2", "celery -A kelpie.worker worker -Q inference -c 2")
        s.say("Fixed: the queue name in the README now reads `inference`.")

    @session("p03-chitchat-friday", "hollowpine", "2026-10-09T17:20:05", NONE)
    def _(s):
        s.user("no task today, just finished the audit call, 3 hours. my brain is soup. you ever get tired?")
        s.say(
            "Not the way you do, but three hours of an audit call sounds draining. Those calls usually bring a list of "
            "findings that is easier to read with fresh eyes on Monday. If you want, paste the list then and we can "
            "sort it into what needs a code change and what needs only a reply."
        )
        s.user("haha yes monday. good weekend")
        s.say("Have a good weekend, Dmitri.")

    @session("p04-green-kaocha-run", "brackenwood", "2026-10-12T09:15:44", NONE)
    def _(s):
        s.user("Could you run the unit suite before I open the PR? Just the unit suite, not the integration one.")
        s.bash(
            "clojure -M:test --focus :unit",
            "--- unit (clojure.test) ---------------------------\n"
            "brackenwood.marc.leader-test\n  ok\nbrackenwood.marc.fields-test\n  ok\nbrackenwood.normalise.isbn-test\n  ok\n"
            "brackenwood.normalise.subjects-test\n  ok\nbrackenwood.api.routes-test\n  ok\n"
            "142 tests, 611 assertions, 0 failures.",
        )
        s.say("The unit suite is green: 142 tests, 611 assertions, 0 failures. Good to open the PR.")

    @session("p05-tradeoff-gunicorn-vs-uvicorn-workers", "kelpie", "2026-10-13T11:30:00", NONE)
    def _(s):
        s.user(
            "Random thought while I'm waiting for CI — we run uvicorn directly with --workers 4 in the pod. People keep "
            "telling me to put gunicorn with UvicornWorker in front. What would we actually gain or lose? Not changing "
            "anything today, just want to understand it."
        )
        s.read("deploy/Dockerfile", 'FROM python:3.12-slim\n...\nCMD ["uvicorn", "kelpie.api:app", "--host", "0.0.0.0", "--port", "8000", "--workers", "4"]')
        s.say(
            "What gunicorn in front would give you:\n"
            "- a mature process manager: it restarts a worker that hangs past `--timeout`, and `--max-requests` with jitter "
            "recycles workers, which helps if onnxruntime sessions leak memory slowly;\n"
            "- graceful reloads on HUP.\n\n"
            "What it costs:\n"
            "- one more dependency and config surface;\n"
            "- in Kubernetes the pod is already supervised, so for a crash the kubelet restart does much of the same job;\n"
            "- each worker still loads its own copy of the model, so memory per pod does not change.\n\n"
            "uvicorn's own `--workers` supervisor has become more capable in recent releases (it restarts dead workers), "
            "so the gap is smaller than it used to be. The strongest argument for gunicorn in your case would be "
            "`--max-requests` if you ever see slow memory growth; the strongest against is that one process per pod with "
            "more replicas is simpler to reason about under the HPA."
        )
        s.user("ok, good to know. nothing to do then, thanks")
        s.say("Nothing changed; the Dockerfile is as it was.")

    @session("p06-etherscan-limits-for-friend", "hollowpine", "2026-10-14T14:05:31", NONE)
    def _(s):
        s.user(
            "friend of me has hobby project, his `forge verify-contract` fails with 'Max rate limit reached' on etherscan. "
            "how the etherscan limits works? we dont have this problem, just curious to explain him"
        )
        s.say(
            "Etherscan's free API keys are limited per key: a few calls per second (5/s on the free tier at the time of "
            "writing) and a daily cap. `forge verify-contract` makes several calls per contract (submit, then it polls "
            "`checkverifystatus`), and `forge script --verify` verifies every deployed contract in a row, so a deployment "
            "of many contracts can hit the per-second limit.\n\n"
            "What usually helps him:\n"
            "- `--delay` and `--retries` on the verify command (for example `--retries 10 --delay 5`);\n"
            "- verifying contracts one at a time after deployment instead of in the script;\n"
            "- checking he is not sharing one key between CI and his laptop.\n\n"
            "Paid plans raise the limits, but for a hobby project the retries are normally enough."
        )
        s.user("thx, will send him")
        s.say("Sure.")

    @session("p07-todo-list-read-out", "emberfield", "2026-10-15T20:11:09", NONE)
    def _(s):
        s.user("list the TODOs in src/ pls, just want to see how many there are")
        s.grep(
            "TODO",
            "src/sim/predation.rs:41:    // TODO: handle two predators targeting the same prey\n"
            "src/sim/spawn.rs:88:    // TODO: seed from config instead of 42\n"
            "src/render/water.rs:12:// TODO: caustics shader is placeholder\n"
            "src/ui/stats.rs:130:        // TODO: graph y-axis autoscale\n"
            "src/export/csv.rs:57:    // TODO: write header once, not per chunk",
            path="src",
        )
        s.say(
            "Five TODOs in `src/`:\n\n"
            "1. `sim/predation.rs:41` — two predators targeting the same prey\n"
            "2. `sim/spawn.rs:88` — RNG seed hard-coded to 42\n"
            "3. `render/water.rs:12` — placeholder caustics shader\n"
            "4. `ui/stats.rs:130` — y-axis autoscale on the stats graph\n"
            "5. `export/csv.rs:57` — CSV header written per chunk"
        )
        s.user("ok. fewer than i thought")
        s.say("Yes, five in all.")

    @session("p08-review-colleague-branch", "brackenwood", "2026-10-16T13:48:22", NONE)
    def _(s):
        s.user(
            "Lukas asked me to look at his branch `lukas/subject-headings-fast` before he merges. Could you review the diff "
            "against main and tell me what you think? Please don't change anything, I'll leave comments myself."
        )
        s.bash(
            "git diff --stat main...lukas/subject-headings-fast",
            " src/brackenwood/normalise/subjects.clj       | 64 +++++++++++++------\n"
            " test/brackenwood/normalise/subjects_test.clj | 38 +++++++++++\n 2 files changed, 82 insertions(+), 20 deletions(-)",
        )
        s.bash(
            "git diff main...lukas/subject-headings-fast -- src/",
            "-(defn normalise-650 [field]\n-  (->> (:subfields field) (map str/trim) (str/join \" -- \")))\n"
            "+(defn normalise-650\n+  \"Joins $a $x $y $z with ' -- ', drops trailing punctuation, keeps $0 as :authority-uri.\"\n"
            "+  [{:keys [subfields]}]\n+  (let [by-code (group-by :code subfields)]\n+    {:heading (->> (mapcat by-code [\"a\" \"x\" \"y\" \"z\"]) (map (comp strip-trailing-punct str/trim :value)) (str/join \" -- \"))\n"
            "+     :authority-uri (some-> (first (by-code \"0\")) :value)}))",
        )
        s.grep("normalise-650", "src/brackenwood/index/build.clj:33:    (str (subjects/normalise-650 f))\nsrc/brackenwood/normalise/subjects.clj:18:(defn normalise-650", path="src")
        s.say(
            "The change reads well. Notes for your comments:\n\n"
            "1. `group-by` followed by `mapcat by-code [\"a\" \"x\" \"y\" \"z\"]` reorders subfields: all `$x` come before all `$y`, "
            "whatever order the record had. For 650 the order of `$x`/`$y`/`$z` is meaningful (\"History -- 20th century\" vs "
            "the reverse), so this may change headings. Keeping the original order and filtering by code would avoid it.\n"
            "2. `strip-trailing-punct` also strips a closing parenthesis, so a qualifier like `(Fictitious character)` loses its `)`.\n"
            "3. The tests cover `$a` and `$x` only; a record with `$y` before `$x` would catch point 1.\n"
            "4. The return type changes from a string to a map; `index/build` still calls `str` on the result "
            "(line 33), which would now index the printed map.\n\n"
            "Nothing edited."
        )
        s.user("Great, that's what I needed.")
        s.say("Glad it helps.")

    @session("p09-pt-postponed-xtdb-upgrade", "brackenwood", "2026-10-19T10:20:00", NONE)
    def _(s):
        s.user(
            "Oi! Estou pensando se vale a pena trocar o next.jdbc + Postgres do histórico de registros por XTDB v2, "
            "por causa das consultas bitemporais. Quais os prós e contras pra gente?"
        )
        s.read("src/brackenwood/history/store.clj", "(ns brackenwood.history.store\n  (:require [next.jdbc :as jdbc]))\n\n(defn record-as-of [ds id ts]\n  (jdbc/execute-one! ds [\"select * from record_history where record_id = ? and valid_from <= ? and (valid_to is null or valid_to > ?)\" id ts ts]))")
        s.say(
            "Prós do XTDB v2:\n- consultas \"como era em\" (valid time e system time) nativas, sem manter `valid_from`/`valid_to` à mão;\n"
            "- correções retroativas ficam simples.\n\n"
            "Contras:\n- mais uma peça para operar (hoje vocês só têm Postgres);\n- a v2 ainda muda bastante entre versões;\n"
            "- a equipe e os backups já conhecem o Postgres;\n- a consulta de `record-as-of` que existe hoje é uma só e já funciona.\n\n"
            "Se as consultas bitemporais forem crescer muito, XTDB faz sentido; se ficarem nesse nível, o Postgres atende."
        )
        s.user("Faz sentido. Não vou decidir agora, vamos ver isso na reunião do consórcio em dezembro.")
        s.say("Combinado, nada foi alterado.")

    @session("p10-not-a-bug-fee-rounding", "hollowpine", "2026-10-20T09:12:47", NONE)
    def _(s):
        s.user("test_releaseWithFee gives 2.4999 USDC fee instead 2.5. I think rounding bug in Escrow.sol, can you fix")
        s.grep("feeBps", "src/Escrow.sol:74:        uint256 fee = (amount * feeBps) / 10_000;\nsrc/Escrow.sol:75:        uint256 payout = amount - fee;", path="src")
        s.read("test/Escrow.t.sol", "function test_releaseWithFee() public {\n    uint256 amount = 99_999_999; // 99.999999 USDC\n    ...\n    assertEq(usdc.balanceOf(treasury), 2_499_999);\n}")
        s.bash("forge test --mt test_releaseWithFee -vv", "[PASS] test_releaseWithFee() (gas: 118402)\nSuite result: ok. 1 passed; 0 failed; 0 skipped")
        s.say(
            "This is not a bug. The test escrows 99.999999 USDC (99,999,999 units with 6 decimals), and 2.5 % of that is "
            "2,499,999.975 units; integer division rounds down to 2,499,999, which is exactly what the test asserts and what "
            "the contract does. Rounding the fee down favours the freelancer by less than one unit, which is the usual "
            "choice. With an amount of exactly 100 USDC the fee is 2.5 USDC. The test passes; I changed nothing."
        )
        s.user("ah ok, the amount in test is 99.99. my mistake")
        s.say("No problem.")

    @session("p11-ja-question-query-filter", "emberfield", "2026-10-21T02:30:10", NONE)
    def _(s):
        s.user("`Query<&Transform, (With<Fish>, Without<Predator>)>` と `Query<&Transform, With<Fish>>` って何が違いますか？ 魚が捕食者になることはないはずですが。")
        s.say(
            "フィルタとしての違いは、`Without<Predator>` がある方は `Predator` コンポーネントも持つエンティティを除外することだけです。"
            "魚が `Predator` を持つことがないなら、返る結果は同じです。\n\n"
            "ただし `Without` には別の役割があります。同じシステムで `Query<&mut Transform, With<Predator>>` も使う場合、"
            "Bevy は二つのクエリが同じ `Transform` を同時に借用しうるかを型だけで判断するので、`Without<Predator>` がないと "
            "B0001 のエラーでパニックします。データ上は重ならなくても、型で重ならないことを示す必要があるわけです。"
        )
        s.user("なるほど、だから付いてたんですね。ありがとうございます。")
        s.say("どういたしまして。")

    @session("p12-zh-trivial-rename-test", "kelpie", "2026-10-22T07:45:33", NONE)
    def _(s):
        s.user("把 tests/test_batching.py 里的 `test_foo` 改个名字吧，叫 `test_batch_splits_at_max_size`，就这个。")
        s.read("tests/test_batching.py", "def test_foo():\n    batches = list(split_batches(range(10), max_size=4))\n    assert [len(b) for b in batches] == [4, 4, 2]")
        s.edit("tests/test_batching.py", "def test_foo():", "def test_batch_splits_at_max_size():")
        s.bash("pytest -q tests/test_batching.py", "...                                                                  [100%]\n3 passed in 0.21s")
        s.say("已改名为 `test_batch_splits_at_max_size`，测试通过（3 passed）。")

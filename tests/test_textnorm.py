"""Query and index term handling: hyphens, synonyms, acronyms, stopwords."""

from __future__ import annotations

import pytest

from rag.institutions import institutions_of
from rag.retrieval import best_sentence
from rag.textnorm import (
    Abbreviation,
    Acronyms,
    acronym_definitions,
    fts_concepts,
    fts_groups,
    fts_phrase,
    fts_query,
    index_terms,
    query_terms,
    sentence_order,
    sentence_scores,
    split_group,
    split_groups_written,
    terms_beyond,
    topic_abbreviations,
    writes,
)


@pytest.mark.parametrize(("text", "pairs"), [
    ("We study zeroth-order (ZO) optimization.", [("ZO", "zeroth-order")]),
    ("Large language models (LLMs) are big.", [("LLM", "Large language models")]),
    ("Deep Q-Networks (DQNs) approximate value iteration.", [("DQN", "Deep Q-Networks")]),
    ("ResNet-18 (a network) is used.", []),
    ("zeroth-order methods, (ZO) here", []),  # the run of words must reach the parenthesis
    ("(pre)training objectives (TO) and reinforcement learning (RL)",
     [("TO", "training objectives"), ("RL", "reinforcement learning")]),
    ("3D Gaussian Splatting (GS) renders", [("GS", "Gaussian Splatting")]),
    # mixed case: the capitals spell it
    ("Neural Radiance Fields (NeRFs) render", [("NeRF", "Neural Radiance Fields")]),
    ("with low-rank adaptation (LoRA) and", [("LoRA", "low-rank adaptation")]),
    ("Vision Transformers (ViTs) are", [("ViT", "Vision Transformers")]),
    ("immunoglobulin G (IgG) levels", [("IgG", "immunoglobulin G")]),
    ("it binds magnesium (Mg) ions", []),  # one capital spells nothing
])
def test_acronym_definitions(text: str, pairs: list[tuple[str, str]]) -> None:
    assert acronym_definitions(text) == pairs


def test_question_boilerplate_is_dropped() -> None:
    assert query_terms("Which papers study zeroth-order methods?") == ["zeroth-order"]
    assert query_terms("Summarize the papers on bilevel optimization, with citations") == [
        "bilevel", "optimization"]


@pytest.mark.parametrize("variant", ["zeroth-order", "zero-order", "zeroth order", "ZO"])
def test_zeroth_order_variants_share_a_token(variant: str) -> None:
    indexed = index_terms(f"A {variant} gradient estimator.")
    assert "zerothordersyn" in indexed
    assert any("zerothordersyn" in g for g in fts_groups(f"papers on {variant} methods"))


def test_compounds_are_joined() -> None:
    assert "bilevel" in index_terms("a bi-level problem")
    assert '"bilevel"' in fts_groups("bi-level")[0]


def test_multi_word_synonym_is_one_concept() -> None:
    assert fts_groups("Which papers are about reinforcement learning?") == [
        '("reinforcement learning" OR rlsyn)']
    assert "rlsyn" in index_terms("Deep Q-Networks (DQNs) approximate value iteration")
    # a surface spanning a hyphenated term and the next: "transfer" is what sim-to-real means
    assert fts_groups("Which papers study sim-to-real transfer?") == [
        '("sim to real transfer" OR simtorealsyn)']
    assert "simtorealsyn" in index_terms("Modern Sim2Real for wheeled robots")
    assert "simtorealsyn" in index_terms("We close the sim-to-real gap")
    assert "diffusionsyn" in index_terms("On calibrating diffusion probabilistic models")
    # VAEs and GANs, however a paper writes them, one concept with the question's spelling
    assert "vaesyn" in index_terms("We train Variational Auto-Encoders on images")
    assert "vaesyn" in index_terms("A hierarchical VAE")
    assert fts_groups("Which papers study variational autoencoders?") == [
        '("variational autoencoders" OR vaesyn)']
    assert "gansyn" in index_terms("StyleGAN-free: conditional GANs for faces")
    assert "seq2seqsyn" in index_terms("Seq2Seq models as few-shot learners")
    assert "pacbayessyn" in index_terms("Tighter PAC-Bayesian bounds")
    # RLHF as papers name it without the acronym
    assert fts_groups("Which papers are about RLHF?") == ['("rlhf" OR rlhfsyn)']
    assert "rlhfsyn" in index_terms("Methods that Learn from Human Feedback")
    assert fts_groups("Which papers study reinforcement learning from human feedback?") == [
        '("reinforcement learning" OR rlsyn)', '("human feedback" OR rlhfsyn)']


def test_acronym_expansion_from_the_corpus() -> None:
    groups = fts_groups("VQA circuits", {"vqa": ["variational quantum algorithm"]})
    assert '"variational quantum algorithm"' in groups[0]


@pytest.mark.parametrize(("question", "expanded"), [
    ("How robust are ViTs compared to CNNs?", [True, True]),  # the plural of each acronym
    ("Which papers use ViT backbones?", [True]),
    ("Which papers compute saliency maps?", [False]),         # "maps" is no plural of "MAP"
    ("Which papers study vits?", [False]),                    # written as no acronym is
])
def test_a_plural_acronym_expands_as_its_singular(question: str, expanded: list[bool]) -> None:
    table = Acronyms.from_rows([("vit", "vision transformer", "ViT", 40),
                                ("cnn", "convolutional neural network", "CNN", 30),
                                ("map", "maximum a posteriori", "MAP", 5)])
    long_forms = ("vision transformer", "convolutional neural network", "maximum a posteriori")
    groups = [g for g in fts_groups(question, table) if any(w in g for w in (
        "vit", "cnn", "maps"))]
    assert [any(f'"{lf}"' in g for lf in long_forms) for g in groups] == expanded
    phrase = fts_phrase("Which papers study robust ViTs?", table) or ""
    assert '"robust vision transformer"' in phrase


def test_an_acronym_based_modifier_names_the_acronym_too() -> None:
    """"LLM-based agents" are also "LLM agents" and "large language model agents" (the phrase
    alone found 5 of the about 30 paperlists abstracts on them); only where the head is a
    synonym-table surface or an acronym the corpus defines: "model-based RL" is no "model
    RL", "transformer-based models" no "transformer models"."""
    table = {"gnn": ["graph neural network"]}
    phrase = fts_phrase("Which papers study LLM-based agents?", table) or ""
    for spelled in ('"llm based agents"', '"llm agents"', '"large language model agents"'):
        assert spelled in phrase, phrase
    assert "llmsyn" in fts_groups("Which papers study LLM-based agents?", table)[0]
    assert '"gnn recommenders"' in (fts_phrase("GNN-based recommenders", table) or "")
    assert '"graph neural network recommenders"' in (fts_phrase("GNN-based recommenders",
                                                                table) or "")
    assert "model reinforcement" not in (fts_phrase("Which papers study model-based RL?") or "")
    assert fts_phrase("transformer-based models", table) == '"transformer based models"'
    assert fts_groups("transformer-based models")[0] == '("transformer based" OR "transformerbased")'


def test_long_words_match_their_prefix_only() -> None:
    assert "sycopha" in fts_groups("sycophancy")[0]
    assert "*" not in fts_groups("compress")[0]
    # a name with a capital inside is itself alone ("TruthfulQA" had matched "truthfulness":
    # 103 NeurIPS 2023 papers listed as naming it, one does)
    assert fts_concepts("Which papers use TruthfulQA?")[0].expression == '"truthfulqa"'
    assert "truthfuln*" in fts_concepts("Which papers study truthfulness?")[0].expression


def test_ranking_query_counts_a_long_word_once() -> None:
    """bm25 sums over alternatives: the ranking query leaves the prefix out."""
    assert fts_query("sycophancy in language models") == '"sycophancy" OR "language" OR "models"'


ACRONYMS = {"ood": ["out-of-distribution"], "da": ["domain adaptation"]}


@pytest.mark.parametrize(("question", "phrase"), [
    ("Which papers study continual learning?", '"continual learning"'),
    ("Which papers discuss continual learning?", '"continual learning"'),  # the last two terms
    ("Which papers study neural radiance fields?", '"radiance fields"'),
    ("Which papers study out-of-distribution detection?",
     '("out of distribution detection" OR "ood detection")'),
    ("Which papers study OOD detection?", '("ood detection" OR "out of distribution detection")'),
    ("Which papers are about domain adaptation?", '"domain adaptation"'),  # "DA": apart
    ("Which papers study mixture of experts?", None),          # terms apart in the question
    ("Which papers study pruning, quantization?", None),       # a list, not a compound
    ("Which papers are about bilevel optimization?", None),    # "bilevel" is also "bi-level"
    ("Which papers are about diffusion models?", None),        # a synonym-table concept
    ("Which papers are about transformers?", None),            # one term
    ("???", None),
])
def test_topic_phrase(question: str, phrase: str | None) -> None:
    assert fts_phrase(question, ACRONYMS) == phrase


def test_acronyms_abbreviate_runs_of_question_words() -> None:
    """A distinctive acronym the corpus defines for a run of the question's words stands for
    each of them; two-letter acronyms and minority meanings do not."""
    table = Acronyms.from_rows([
        ("nerf", "neural radiance fields", "NeRF", 10), ("nerf", "neural radiance field", "NeRF", 8),
        ("ssl", "self-supervised learning", "SSL", 15), ("ssl", "semi-supervised learning", "SSL", 6),
        ("dp", "differential privacy", "DP", 9), ("da", "domain adaptation", "DA", 3),
    ])
    nerf = Abbreviation("nerf", "neural radiance field")
    assert table.abbreviating(["neural", "radiance", "fields", "survey"]) == {0: [nerf], 1: [nerf],
                                                                            2: [nerf]}
    assert table.abbreviating(["self", "supervised", "learning"])[0] == [
        Abbreviation("ssl", "self supervised learning")]
    assert table.abbreviating(["semi", "supervised", "learning"]) == {}  # SSL is mostly "self"
    assert table.abbreviating(["differential", "privacy"]) == {}          # two letters
    assert fts_concepts("Which papers study neural radiance fields?", table)[1][:2] == (
        '"radiance"', [nerf])
    assert "nerf" not in fts_query("Which papers study neural radiance fields?", table)
    assert topic_abbreviations("Which papers study neural radiance fields?", table) == [nerf]
    assert topic_abbreviations("Which papers study radiance fields?", table) == []
    assert topic_abbreviations("Which papers are about domain adaptation?", table) == [
        Abbreviation("da", "domain adaptation")]  # the phrase's own, two letters too
    rl = Acronyms.from_rows([("rl", "reinforcement learning", "RL", 30),
                             ("marl", "multi-agent reinforcement learning", "MARL", 5)])
    assert topic_abbreviations("Which papers study multi-agent RL?", rl) == [
        Abbreviation("marl", "multi agent reinforcement learning")]  # not "RL" alone
    assert fts_phrase("Which papers study offline RL?").startswith(
        '("offline reinforcement learning" OR "offline rl" OR ')


@pytest.mark.parametrize(("text", "spellings", "found"), [
    ("NeRFs render views", {"NeRF"}, True),
    ("a nerf gun", {"NeRF"}, False),
    ("the model zoo", {"ZOO"}, False),
    ("ZOO-based attacks", {"ZOO"}, True),
    ("ZOOM in", {"ZOO"}, False),
    ("with ZOO, we", {"ZOO"}, True),
])
def test_acronyms_count_as_written(text: str, spellings: set[str], found: bool) -> None:
    assert writes(text, spellings) is found


def test_word_families_porter_misses() -> None:
    """"differentially private" names differential privacy, "noisy labels" label noise: the
    family's other words match when deciding which papers name a term, not when ranking."""
    assert fts_groups("Which papers are about label noise?") == ['"label"', '("noise" OR "noisy")']
    assert fts_phrase("Which papers study differential privacy?") == (
        '("differential privacy" OR "differential private")')
    assert fts_query("Which papers are about label noise?") == '"label" OR "noise"'
    # "Variance-Reduced Gradient Estimation": Porter stems "reduction" "reduct", "reduced" "reduc"
    assert fts_phrase("Which papers use variance reduction?") == (
        '("variance reduction" OR "variance reduce")')
    # a plural Porter stems apart from its singular: "biases" "bias", "bias" "bia"
    assert fts_phrase("Which papers study inductive biases?") == (
        '("inductive biases" OR "inductive bias")')
    assert fts_groups("Which papers use random matrices?")[1] == '("matrices" OR "matrix")'


@pytest.mark.parametrize(("word", "text", "names"), [
    ("tokenization", "Byte-level tokenizers", True),
    ("tokenization", "next-token prediction", False),   # Porter: both "token"
    ("tokens", "token-level rewards", True),
    ("tokens", "a new tokenizer", False),
    ("transformers", "Transformer-based models", True),
    ("transformers", "the Fourier transform", False),
    ("transformation", "transformed inputs", True),
    ("transformation", "vision transformers", False),
    ("generation", "generative models", True),
    ("generation", "generalization bounds", False),
    ("generalization", "in general", False),
    ("continual", "Continual learning", True),
    ("continual", "continuous control", False),
    ("experience", "experiments show", False),
    ("operators", "linear operations", False),
    ("adapters", "adaptive step sizes", False),
    ("adaptation", "Low Rank Adapters (LoRA)", True),   # one way only
    ("reasoning", "a reasonable choice", False),
    ("distributed", "under distribution shift", False),
    ("conformal", "conformalized quantile regression", True),
    ("conformal", "protein conformational changes", False),
    ("additive", "generalized additive models", True),
    ("additive", "In addition, we show", False),
    ("variational", "variational autoencoders", True),
    ("variational", "small variations of the input", False),
    ("variation", "total variation distance", True),
    ("variation", "variational inference", False),
    ("effects", "heterogeneous treatment effects", True),
    ("effects", "an effective method", False),
    ("attribution", "feature attributions", True),
    ("attribution", "sensitive attributes", False),
    ("relational", "relationships between objects", True),
    ("relational", "related work", False),
    ("completion", "matrix completion", True),
    ("completion", "a complete picture", False),
    ("margin", "large-margin classifiers", True),
    ("margin", "the marginal likelihood", False),
    ("critic", "actor-critic methods", True),
    ("critic", "a critical point", False),
    ("expressive", "the expressivity of GNNs", True),
    ("expressive", "gene expression data", False),
    ("contrastive", "contrastive losses", True),
    ("contrastive", "In contrast to prior work", False),
    ("inductive", "inductive biases", True),
    ("inductive", "proof by induction", False),
    ("clip", "CLIP embeddings", True),
    ("clip", "gradient clipping", False),
    ("spiking", "spiking neural networks", True),
    ("spiking", "spiked random matrices", False),
    ("demonstrations", "learning from expert demonstrations", True),
    ("demonstrations", "We demonstrate gains on Atari.", False),
    ("demonstrate", "We demonstrate gains on Atari.", True),
    ("optimizers", "the Adam optimizer and its variants", True),
    ("optimizers", "convex optimization of smooth losses", False),
    ("optimization", "the Adam optimizer and its variants", True),
    ("optimization", "the optimal policy", False),
    ("simulators", "a differentiable driving simulator", True),
    ("simulators", "simulated annealing of the weights", False),
    ("simulation", "a differentiable driving simulator", True),
    ("simulation", "simulated annealing of the weights", True),
    ("schedulers", "learning-rate schedulers", True),
    ("schedulers", "scheduling jobs on clusters", False),
])
def test_words_porter_takes_for_others_are_written_as_such(word: str, text: str,
                                                           names: bool) -> None:
    group = split_group(word)
    assert group is not None and (group in split_groups_written(text)) is names


def test_other_words_belong_to_no_split_group() -> None:
    assert split_group("learning") is None and split_group("models") is None
    assert [c.split for c in fts_concepts("Which papers study tokenization?")] == ["tokeniz"]
    assert [c.split for c in fts_concepts("Which papers study tokenization?",
                                          matching=False)] == [None]  # ranking: as before


def test_sentence_scores_count_synonyms_and_the_abstracts_own_acronyms() -> None:
    """A sentence naming the question's topic by a synonym ("LLM") or by an acronym the abstract
    defines for it ("NeRF") names all of its words; a plural names its singular, a word of its
    family its term; the same letters in lower case, or an acronym defined for other words, do
    not."""
    llm = sentence_scores(["SPADE models the likelihood with a diffusion model.",
                           "SPADE wins an LLM data mixture benchmark.",
                           "We study large language models."],
                          "Which papers use large language models?")
    assert llm[1] == llm[2] > llm[0] > 0
    abstract = ("Neural radiance fields (NeRF) are slow. We make NeRF fast. A nerf dart flies. "
                "Fields of view vary. Signed distance fields (SDF) help.")
    nerf = sentence_scores(["We make NeRF fast.", "A nerf dart flies.", "Fields of view vary.",
                            "The SDF helps."], "Which papers study neural radiance fields?",
                           abstract)
    assert nerf[0] > nerf[2] > nerf[1] == nerf[3] == 0.0
    assert sentence_scores(["Models are fast."], "Which papers use a model?") > [0.0]
    assert sentence_scores(["Anything."], "Which papers?") == [0.0]
    # a word of the question's family ("stable" for "stability": no shared six letters)
    assert sentence_scores(["It is stable.", "It is fast."], "What about stability?")[0] > 0.0
    assert best_sentence("It is fast. It is stable and cheap.", "privacy stability") == (
        "It is stable and cheap.")
    assert best_sentence("SPADE models the forward likelihood. It wins an LLM benchmark.",
                         "Which papers use large language models?") == "It wins an LLM benchmark."


def test_terms_beyond_the_source() -> None:
    """The question's terms a sentence names and its source does not: by word, synonym or the
    source's own acronym."""
    source = "GeoTMI: Predicting Quantum Chemical Property. We use the correct geometry."
    q = "Which papers study quantum error correction?"
    assert terms_beyond("GeoTMI is a new approach to quantum error correction.", source, q) == {
        "error", "error correction"}
    assert terms_beyond("GeoTMI predicts quantum properties.", source, q) == set()
    assert terms_beyond("Think-Touch uses large language models.",
                        "While LLMs are strong, they need tuning.",
                        "Which papers use large language models?") == set()
    assert terms_beyond("SZO uses zeroth-order optimization.",
                        "Zeroth-order (ZO) optimization is cheap. ZO helps.",
                        "Which papers study ZO optimization?") == set()
    assert terms_beyond("Kaiyi Ji studies bilevel methods.", "Bilevel optimization is hard.",
                        "What did Kaiyi Ji work on?") == {"kaiyi", "ji", "kaiyi ji"}


def test_terms_beyond_a_topic_phrase_named_only_apart() -> None:
    """A sentence naming the question's topic phrase claims it, even where the source has its
    words: apart, or across a sentence boundary, is not the topic."""
    q = "Which papers study protein folding?"
    inverse = "ProteinInvBench: Protein inverse folding has attracted attention."
    assert terms_beyond("ProteinBench: Protein folding is a benchmark.", inverse, q) == {
        "protein folding"}
    assert terms_beyond("A study on protein folding.", "Design: We make proteins. Folding is hard.",
                        q) == {"protein folding"}
    assert terms_beyond("It studies inverse folding of proteins.", inverse, q) == set()
    assert terms_beyond("We study protein folding.", "We study inverse protein folding.", q) == set()
    # the source's own acronym and its definition, and a word's family, still count
    assert terms_beyond("X improves out-of-distribution detection.",
                        "Out-of-distribution (OOD) detection is key. We do OOD detection.",
                        "Which papers study out-of-distribution detection?") == set()
    assert terms_beyond("X learns with noisy labels.", "We train with noisy labels.",
                        "Which papers study noise labels?") == set()


def test_sentence_order_prefers_what_the_paper_does_among_equals() -> None:
    """Evidence names the most question terms first; among equals, the sentence saying what
    the paper does ("we", "this paper") beats the scene-setting one; then the earlier one."""
    sentences = ["Bilevel optimization has become a powerful tool.",
                 "Tuning is hard.",
                 "In this paper, we revisit the bilevel optimization problem.",
                 "We study bilevel games."]
    q = "Summarize the papers on bilevel optimization"
    assert sentence_order(sentences, q) == [2, 0, 3, 1]
    assert best_sentence(" ".join(sentences), q) == sentences[2]
    assert sentence_order(["It rains.", "We sing.", "It snows."], "Which papers study x?") == [
        1, 0, 2]


@pytest.mark.parametrize(("text", "american"), [
    ("Bayesian Optimisation of tumour models", "Bayesian Optimization of tumor models"),
    ("modelling, labelled, centre, behaviour, ANALYSE", "modeling, labeled, center, behavior, ANALYZE"),
    # no dictionary lists these: "-isation", and "-ise" after a stem ending in l, m, n, r, t
    ("kernelised tokenisation, quantised, reparameterisation", "kernelized tokenization, quantized, "
     "reparameterization"),
    # "-ise" that is no suffix, and British spellings that are American words of another sense
    ("supervised noise: comprise, enterprise, expertise, unpromising, premise, raised, analyses, "
     "gauge", "supervised noise: comprise, enterprise, expertise, unpromising, premise, raised, "
     "analyses, gauge"),
])
def test_british_spellings_read_as_american(text: str, american: str) -> None:
    from rag.spelling import american as to_american

    assert to_american(text) == american


@pytest.mark.timeout(60)
def test_a_lowercase_question_full_of_joining_words_is_read_at_once() -> None:
    """Names typed in lowercase are found in runs of words that "of", "the", "and" may join;
    a joining word was also read as a word of the run, which made reading a question
    exponential in them (2 s at 20, minutes at 40: this test hung)."""
    from rag.institutions import capitalized

    question = "summary of the " + "the of and " * 30 + "results"
    assert capitalized(question) == question
    assert capitalized("papers from university of the arts london on design") == (
        "papers from University of the Arts London on design")


def test_an_affiliation_names_its_institutions_one_way_however_written() -> None:
    """For counting papers by institution: a lab of a company is the company, a name of the
    table is its first name, a department is its university, a location is dropped, "+" and
    "/" join several; an affiliation naming none of these is its first part."""
    cases = {
        "Google Research": ("Google",), "Research, Google": ("Google",),
        "Google Brain": ("Google",), "Google DeepMind": ("DeepMind",),
        "Massachusetts Institute of Technology": ("MIT",),
        "Sloan School of Management, Massachusetts Institute of Technology, Boston, MA, USA":
            ("MIT",),
        "University of California, Berkeley": ("UC Berkeley",),
        "University of Illinois, Urbana Champaign": ("UIUC",),
        "Department of Computer Science, Boston University": ("Boston University",),
        "Institute of Biomedical Engineering, University of Oxford, UK": ("University of Oxford",),
        "UC Berkeley+Google": ("UC Berkeley", "Google"),
        "MIT, Google Research": ("MIT", "Google"),
        "DeepMind/Google": ("DeepMind", "Google"),
        "Allen Institute for Artificial Intelligence": ("Allen Institute for Artificial "
                                                        "Intelligence",),
        "Universität Tübingen": ("Universität Tübingen",),
        "": ()}
    for affiliation, names in cases.items():
        assert institutions_of(affiliation) == names, affiliation

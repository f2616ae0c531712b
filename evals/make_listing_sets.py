"""Generate the listing question sets (``paperchat eval-questions``) from topic regexes.

Over the NeurIPS 2023 abstracts: ``evals/neurips2023_listing.json`` (TOPICS, on which the
relevance cut was first tuned), ``evals/neurips2023_listing_more.json`` (MORE_TOPICS, 20 other
topics, written later as a held-out check; the cut's later changes were designed on both sets,
see README), ``evals/neurips2023_listing_heldout.json`` (HELDOUT_TOPICS, 18 more, written
after the changes of commits 15e9263..b1e24eb and run once) and
``evals/neurips2023_listing_heldout2.json`` (HELDOUT2_TOPICS, 17 more, written after the acronym
and word-family changes and run once), ``evals/neurips2023_listing_heldout3.json``
(HELDOUT3_TOPICS, 25 more in other question forms, written before the seventh session's changes
and run once), ``evals/neurips2023_listing_heldout4.json`` (HELDOUT4_TOPICS, 27 more, written
after its first two and run once). Over the other venues' papers (AISTATS, COLM, CoRL, UAI,
COLT, ALT): ``evals/paperlists_listing_heldout.json`` (PAPERLISTS_TOPICS, another corpus,
written after the last change and run once), ``evals/paperlists_listing_heldout2.json``
(PAPERLISTS2_TOPICS, 26 more, written in the seventh session and run once),
``evals/paperlists_filters.json``
(FILTERED_TOPICS: questions naming a venue and years, ground truth among those papers) and
``evals/paperlists_forms.json`` (FORM_TOPICS: years named apart, a topic left out, a
judgement, an order). ``evals/neurips2023_status.json`` (STATUS_TOPICS: orals, spotlights)
and ``evals/paperlists_affiliations.json`` (AFFILIATION_TOPICS: "papers from MIT on ..."),
``evals/paperlists_institution_forms.json`` (INSTITUTION_FORM_TOPICS: "Which MIT papers ...",
"What did X publish on Y?", "from MIT or Stanford"), ``evals/paperlists_spellings.json``
(SPELLING_TOPICS: British spellings, and American ones where titles write the British),
``evals/paperlists_author_forms.json`` (AUTHOR_FORM_TOPICS: misspelled names, several authors
together or either), ``evals/paperlists_question_forms.json`` (QUESTION_FORM_TOPICS: an
interest stated, "what's new in X?", a topic compared across venues, years or institutions),
``evals/neurips2023_word_senses.json`` and ``evals/paperlists_word_senses.json``
(WORD_SENSE_TOPICS: topic words Porter stemming takes for others, over both corpora),
``evals/neurips2023_compounds.json`` and ``evals/paperlists_compounds.json``
(COMPOUND_TOPICS: "mixture of experts", "learning to rank", over both corpora),
``evals/neurips2023_sessions.json`` (SESSION_TOPICS: "in poster session 3", "on Wednesday
afternoon", "in the first poster session").
Ground truth per topic: ``must`` = every paper whose *title* matches the topic's regex;
``acceptable`` = papers whose abstract (but not title) matches it, which a good listing may
include. Run from the repository root (writes every set):

    .venv/bin/python evals/make_listing_sets.py [DATASETS_DIR]
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

EVALS = Path(__file__).resolve().parent
DATASETS = EVALS.parents[1] / "shared" / "datasets"
NEURIPS = Path("neurips2023-abstracts") / "neurips2023.jsonl"
PAPERLISTS = Path("paperlists-ml-2023-2025") / "papers.jsonl"

# (question, regex over titles and abstracts; case-insensitive)
TOPICS: list[tuple[str, str]] = [
    ("Which papers are about diffusion models?", r"\bdiffusion\b"),
    ("List the papers on graph neural networks.", r"\bgraph neural networks?\b|\bGNNs?\b"),
    ("Which papers study federated learning?", r"\bfederated\b"),
    ("Which papers are about bilevel optimization?", r"\bbi-?level\b"),
    ("Which papers study zeroth-order optimization?",
     r"\bzeroth[- ]order\b|\bzero[- ]order\b|\bderivative[- ]free\b|\bgradient[- ]free\b"),
    ("Which papers use contrastive learning?", r"\bcontrastive\b"),
    ("Which papers are about offline reinforcement learning?",
     r"\boffline (?:deep )?(?:reinforcement learning|RL|multi-agent reinforcement learning)\b"),
    ("Which papers are about transformers?", r"\btransformers?\b"),
    ("Which papers study optimal transport?", r"\boptimal transport\b"),
    ("Which papers are about spiking neural networks?", r"\bspiking\b|\bSNNs?\b"),
    ("Which papers study machine unlearning?", r"\bunlearning\b"),
]

# The regex says what the question asks: "knowledge distillation", not every "distillation"
# (dataset or score distillation are other topics); where the question names a family, every
# member ("bandit problems": contextual, linear, dueling bandits; "equivariant neural networks":
# equivariant diffusion models and flows, which are built on them).
MORE_TOPICS: list[tuple[str, str]] = [
    ("Which papers are about large language models?", r"\blarge language models?\b|\bLLMs?\b"),
    ("Which papers study adversarial robustness?", r"\badversarial(?:ly)? robust"),
    ("Which papers are about knowledge distillation?", r"\bknowledge distillation\b"),
    ("Which papers study meta-learning?", r"\bmeta[- ]?learning\b"),
    ("Which papers are about Bayesian optimization?", r"\bbayesian optimi[sz]ation\b"),
    ("Which papers study differential privacy?",
     r"\bdifferential(?:ly)? privat|\bdifferential privacy\b"),
    ("Which papers study bandit problems?", r"\bbandits?\b"),
    ("Which papers study neural radiance fields?", r"\bneural radiance fields?\b|\bNeRFs?\b"),
    ("Which papers are about domain adaptation?", r"\bdomain adaptation\b"),
    ("Which papers study continual learning?", r"\bcontinual(?:ly)? learn"),
    ("Which papers are about knowledge graphs?", r"\bknowledge graphs?\b"),
    ("Which papers study out-of-distribution detection?",
     r"\bout-of-distribution detection\b|\bOOD detection\b"),
    ("Which papers are about imitation learning?", r"\bimitation learning\b"),
    ("Which papers study pruning?", r"\bpruning\b"),
    ("Which papers are about in-context learning?", r"\bin-context learning\b"),
    ("Which papers study equivariant neural networks?", r"\bequivariant\b"),
    ("Which papers are about label noise?", r"\bnoisy labels?\b|\blabel noise\b"),
    ("Which papers study mixture of experts?", r"\bmixture[- ]of[- ]experts\b|\bMoE\b"),
    ("Which papers are about causal discovery?", r"\bcausal discovery\b"),
    ("Which papers study model-based reinforcement learning?",
     r"\bmodel-based (?:reinforcement learning|RL)\b"),
]

# Written after every change to the relevance cut and run once, to see whether it carries over
# to topics nothing was tuned on (README, *Measured*). Same rule for the regexes.
HELDOUT_TOPICS: list[tuple[str, str]] = [
    ("Which papers are about self-supervised learning?", r"\bself-supervised\b"),
    ("Which papers study vision-language models?", r"\bvision-language\b|\bVLMs?\b"),
    ("Which papers are about conformal prediction?", r"\bconformal\b"),
    ("Which papers study normalizing flows?", r"\bnormali[sz]ing flows?\b"),
    ("Which papers are about active learning?", r"\bactive learning\b"),
    ("Which papers study neural operators?", r"\bneural operators?\b"),
    ("Which papers are about low-rank adaptation?", r"\blow-rank adaptation\b|\bLoRA\b"),
    ("Which papers study point clouds?", r"\bpoint clouds?\b"),
    ("Which papers are about multi-agent reinforcement learning?",
     r"\bmulti-agent (?:deep )?reinforcement learning\b|\bMARL\b"),
    ("Which papers study instruction tuning?", r"\binstruction[- ]tun"),
    ("Which papers are about Gaussian processes?", r"\bgaussian process(?:es)?\b"),
    ("Which papers study text-to-image generation?", r"\btext-to-image\b"),
    ("Which papers are about few-shot learning?", r"\bfew-shot\b"),
    ("Which papers study semi-supervised learning?", r"\bsemi-supervised\b"),
    ("Which papers are about world models?", r"\bworld models?\b"),
    ("Which papers study adversarial attacks?", r"\badversarial attacks?\b"),
    ("Which papers are about quantization?", r"\bquantiz"),
    ("Which papers study causal inference?", r"\bcausal inference\b"),
]

# Written after the acronym and word-family changes (commits fa5ef4b, 9fe8b65), run once.
# Topics with fewer than three title matches in the corpus were left out before any run.
HELDOUT2_TOPICS: list[tuple[str, str]] = [
    ("Which papers study neural architecture search?", r"\bneural architecture search\b|\bNAS\b"),
    ("Which papers are about adversarial training?", r"\badversarial(?:ly)? train"),
    ("Which papers study vision transformers?", r"\bvision transformers?\b|\bViTs?\b"),
    ("Which papers study object detection?", r"\bobject detection\b|\bobject detectors?\b"),
    ("Which papers are about recommender systems?", r"\brecommend(?:er|ation)s?\b"),
    ("Which papers study time series forecasting?", r"\btime[- ]series forecasting\b"),
    ("Which papers are about hyperparameter optimization?",
     r"\bhyperparameter (?:optimi[sz]ation|tuning)\b"),
    ("Which papers study stochastic gradient descent?", r"\bstochastic gradient descent\b|\bSGD\b"),
    ("Which papers are about score matching?", r"\bscore matching\b"),
    ("Which papers are about proteins?", r"\bproteins?\b"),
    ("Which papers study Markov chain Monte Carlo?", r"\bmarkov chain monte carlo\b|\bMCMC\b"),
    ("Which papers are about dataset distillation?",
     r"\bdataset distillation\b|\bdataset condensation\b"),
    ("Which papers study prompt tuning?", r"\bprompt[- ]tuning\b"),
    ("Which papers are about fairness?", r"\bfair(?:ness|ly)?\b"),
    ("Which papers study autonomous driving?", r"\bautonomous driving\b|\bself-driving\b"),
    ("Which papers are about molecule generation?", r"\bmolecul(?:e|ar) generation\b"),
    ("Which papers are about segmentation?", r"\bsegmentation\b"),
]

# Written at the start of the seventh session, before any change that session, and run once:
# topics no earlier set names, in other question forms ("Find", "Show me", "Any", "What
# work"), two negatives. Same rule for the regexes.
HELDOUT3_TOPICS: list[tuple[str, str]] = [
    ("Find papers on anomaly detection.", r"\banomal(?:y|ies)\b"),
    ("What papers discuss backdoor attacks?", r"\bbackdoors?\b"),
    ("Show me work on physics-informed neural networks.", r"\bphysics-informed\b|\bPINNs?\b"),
    ("Any papers about super-resolution?", r"\bsuper-resolution\b"),
    ("Which papers use variational autoencoders?", r"\bvariational autoencoders?\b|\bVAEs?\b"),
    ("List papers on generative adversarial networks.",
     r"\bgenerative adversarial networks?\b|\bGANs?\b"),
    ("Which papers work with time series data?", r"\btime[- ]series\b"),
    ("Which papers study clustering?", r"\bclustering\b"),
    ("What work is there on combinatorial optimization?",
     r"\bcombinatorial optimi[sz]ation\b"),
    ("Which papers study certified robustness?",
     r"\bcertifi(?:ed|ably|able)[- ]robust|\brobustness certific"),
    ("Papers about tabular data?", r"\btabular\b"),
    ("Which papers are about energy-based models?", r"\benergy-based\b"),
    ("Find papers about policy gradient methods.", r"\bpolicy gradients?\b"),
    ("Which papers study Langevin dynamics?", r"\blangevin\b"),
    ("Which papers address long-tailed recognition?", r"\blong-tail"),
    ("Which papers study partial differential equations?",
     r"\bpartial differential equations?\b|\bPDEs?\b"),
    ("Which papers use hyperbolic geometry?", r"\bhyperbolic\b"),
    ("Which papers are about RLHF?", r"\bRLHF\b|\bhuman feedback\b"),
    ("Which papers study multi-task learning?", r"\bmulti-task\b"),
    ("Which papers are about test-time adaptation?", r"\btest-time adaptation\b"),
    ("Which papers study mean-field theory?", r"\bmean[- ]field\b"),
    ("Which papers are about recurrent neural networks?",
     r"\brecurrent neural networks?\b|\bRNNs?\b"),
    ("Which papers study sign language?", r"\bsign language\b"),
    ("Which papers study earthquake prediction?", r"\bearthquakes?\b"),
    ("Which papers are about poetry generation?", r"\bpoetry\b|\bpoems?\b"),
]


# Written in the seventh session after the rare-title-term and institution changes, before
# any other, and run once: more topics in more question forms. Same rule for the regexes.
HELDOUT4_TOPICS: list[tuple[str, str]] = [
    ("Which papers study watermarking?", r"\bwatermark"),
    ("Which papers are about flow matching?", r"\bflow matching\b"),
    ("Show me papers on state space models.", r"\bstate[- ]space models?\b|\bSSMs?\b"),
    ("Which papers study submodular optimization?", r"\bsubmodular"),
    ("Find work on link prediction.", r"\blink prediction\b"),
    ("Which papers study scaling laws?", r"\bscaling laws?\b"),
    ("Which papers use variance reduction?", r"\bvariance[- ]reduc"),
    ("Any papers on actor-critic methods?", r"\bactor-critic\b"),
    ("Which papers estimate treatment effects?", r"\btreatment effects?\b"),
    ("Which papers study Nash equilibria?", r"\bnash equilibri"),
    ("Which papers are about memorization?", r"\bmemoriz"),
    ("Which papers tackle pose estimation?", r"\bpose estimation\b"),
    ("Which papers study spurious correlations?", r"\bspurious\b"),
    ("List papers on goal-conditioned reinforcement learning.", r"\bgoal-conditioned\b"),
    ("Which papers are about embodied agents?", r"\bembodied\b"),
    ("Which papers use curriculum learning?", r"\bcurriculum\b"),
    ("Which papers study coreset selection?", r"\bcoresets?\b"),
    ("Which papers study the implicit bias of gradient descent?",
     r"\bimplicit bias\b|\bimplicit regulari"),
    ("Which papers are about decentralized optimization?", r"\bdecentrali[sz]ed\b"),
    ("What papers are there on question answering?", r"\bquestion answering\b"),
    ("Which papers use ensembles?", r"\bensembles?\b"),
    ("Which papers study calibration?", r"\bcalibrat"),
    ("Which papers are about speech?", r"\bspeech\b"),
    ("Which papers study climate?", r"\bclimate\b|\bweather\b"),
    ("Which papers are about music generation?", r"\bmusic\b"),
    ("Which papers study stock market prediction?", r"\bstock market\b|\bstock prices?\b"),
    ("Which papers are about wildfire detection?", r"\bwildfires?\b"),
]


# Another corpus (smaller venues: robotics, language models, learning theory), written after the
# last change to the relevance cut and run once. Same rule for the regexes.
PAPERLISTS_TOPICS: list[tuple[str, str]] = [
    ("Which papers are about imitation learning?", r"\bimitation learning\b"),
    ("Which papers study manipulation?", r"\bmanipulation\b"),
    ("Which papers are about retrieval-augmented generation?",
     r"\bretrieval-augmented\b|\bRAG\b"),
    ("Which papers study online learning?", r"\bonline learning\b"),
    ("Which papers are about causal inference?", r"\bcausal inference\b"),
    ("Which papers study Gaussian processes?", r"\bgaussian process(?:es)?\b"),
    ("Which papers are about differential privacy?",
     r"\bdifferential(?:ly)? privat|\bdifferential privacy\b"),
    ("Which papers study bandits?", r"\bbandits?\b"),
    ("Which papers are about variational inference?", r"\bvariational inference\b"),
    ("Which papers study sample complexity?", r"\bsample complexity\b"),
    ("Which papers are about reward models?", r"\breward models?\b"),
    ("Which papers study chain-of-thought reasoning?", r"\bchain[- ]of[- ]thought\b|\bCoT\b"),
    ("Which papers are about locomotion?", r"\blocomotion\b"),
    ("Which papers study conformal prediction?", r"\bconformal\b"),
    ("Which papers are about tokenization?", r"\btokeni[sz]"),
    ("Which papers study sim-to-real transfer?", r"\bsim-to-real\b|\bsim2real\b"),
]

# The other venues again, written in the seventh session after its changes to the relevance
# cut and run once: topics no earlier paperlists set names, in several question forms.
PAPERLISTS2_TOPICS: list[tuple[str, str]] = [
    ("Which papers study diffusion policies?", r"\bdiffusion polic"),
    ("Which papers are about vision-language-action models?",
     r"\bvision-language-action\b|\bVLAs?\b"),
    ("Find papers on grasping.", r"\bgrasp"),
    ("Which papers study dexterous manipulation?", r"\bdexterous\b"),
    ("Show me work on humanoid robots.", r"\bhumanoid"),
    ("Which papers are about quadruped robots?", r"\bquadruped"),
    ("Which papers use tactile sensing?", r"\btactile\b"),
    ("Which papers study motion planning?", r"\bmotion planning\b"),
    ("Which papers study preference optimization?",
     r"\bpreference optimi[sz]ation\b|\bDPO\b"),
    ("Any papers on jailbreaks?", r"\bjailbreak"),
    ("Which papers are about long-context language models?", r"\blong[- ]context\b"),
    ("Which papers study multilingual models?", r"\bmultilingual\b"),
    ("Which papers study hallucination?", r"\bhallucinat"),
    ("Which papers use synthetic data?", r"\bsynthetic data\b"),
    ("Which papers study PAC learning?", r"\bPAC\b"),
    ("Which papers study causal discovery?", r"\bcausal discovery\b"),
    ("Which papers are about optimal transport?", r"\boptimal transport\b"),
    ("Which papers study federated learning?", r"\bfederated\b"),
    ("What papers are there on active learning?", r"\bactive learning\b"),
    ("Which papers study mixture-of-experts models?",
     r"\bmixture[- ]of[- ]experts\b|\bMoE\b"),
    ("Which papers are about teleoperation?", r"\bteleoperat"),
    ("Which papers study boosting?", r"\bboosting\b"),
    ("Which papers are about in-context learning?", r"\bin-context\b"),
    ("Which papers study knowledge distillation?", r"\bknowledge distillation\b"),
    ("Which papers study sign language translation?", r"\bsign language\b"),
    ("Which papers are about crop yield forecasting?", r"\bcrop yield\b"),
]



# The same corpus, questions naming a venue and years (written after the change that reads
# them, run once): ground truth as above, among the papers of that venue ('' for any) and years.
FILTERED_TOPICS: list[tuple[str, str, str, range]] = [
    ("Which COLT 2024 papers study bandits?", r"\bbandits?\b", "COLT", range(2024, 2025)),
    ("Which CoRL papers since 2024 are about imitation learning?", r"\bimitation learning\b",
     "CoRL", range(2024, 2026)),
    ("Which AISTATS 2023 papers study Gaussian processes?", r"\bgaussian process(?:es)?\b",
     "AISTATS", range(2023, 2024)),
    ("Which papers from 2025 study sim-to-real transfer?", r"\bsim-to-real\b|\bsim2real\b", "",
     range(2025, 2026)),
    ("Which COLM papers study chain-of-thought reasoning?", r"\bchain[- ]of[- ]thought\b|\bCoT\b",
     "COLM", range(2023, 2026)),
    ("Which UAI papers before 2024 are about causal inference?", r"\bcausal inference\b", "UAI",
     range(2023, 2024)),
    ("Which papers from 2023 to 2024 study conformal prediction?", r"\bconformal\b", "",
     range(2023, 2025)),
    ("Which ALT papers study online learning?", r"\bonline learning\b", "ALT", range(2023, 2026)),
    ("Which COLT 2023 papers are about locomotion?", r"\blocomotion\b", "COLT",
     range(2023, 2024)),
    ("Which papers since 2024 study reward models?", r"\breward models?\b", "",
     range(2024, 2026)),
]

# Other question forms, over the same papers (written after the changes of c93403a..d2ae1d2,
# run once, then again after one fix: see README): years named apart, a topic left out (the
# fifth field: no paper naming it in its title or abstract is wanted), a judgement the
# abstracts cannot make (listed all the same), an order ("recent").
FORM_TOPICS: list[tuple[str, str, str, Collection[int], str]] = [
    ("Which papers from 2023 or 2025 study Gaussian processes?", r"\bgaussian process(?:es)?\b",
     "", (2023, 2025), ""),
    ("Which CoRL papers in 2023 and 2025 are about imitation learning?",
     r"\bimitation learning\b", "CoRL", (2023, 2025), ""),
    ("Which papers study bandits but not regret?", r"\bbandits?\b", "", range(2023, 2026),
     r"\bregret"),
    ("Which COLT papers study online learning, except bandits?", r"\bonline learning\b", "COLT",
     range(2023, 2026), r"\bbandits?\b"),
    ("Which papers on Gaussian processes are not about Bayesian optimization?",
     r"\bgaussian process(?:es)?\b", "", range(2023, 2026), r"\bbayesian optimi[sz]ation\b"),
    ("Which papers study reinforcement learning but not robotics?",
     r"\breinforcement learning\b", "", range(2023, 2026), r"\brobotics?\b"),
    ("What is the best paper on sim-to-real transfer?", r"\bsim-to-real\b|\bsim2real\b", "",
     range(2023, 2026), ""),
    ("Which are the most influential COLM papers on chain-of-thought reasoning?",
     r"\bchain[- ]of[- ]thought\b|\bCoT\b", "COLM", range(2023, 2026), ""),
    ("Which recent papers study conformal prediction?", r"\bconformal\b", "", range(2023, 2026),
     ""),
    ("Which ALT papers from 2023 or 2024 study robot locomotion?", r"\blocomotion\b", "ALT",
     (2023, 2024), ""),
]


# Questions naming a status (NeurIPS 2023: Oral 77, Spotlight 359, Poster 3,148) and an
# institution (the other venues' records give affiliations for 3,244 of 3,902 papers), written
# after the change that reads them and run once. The sixth field is the status, the seventh a
# regex over the record's affiliations as the source writes them (accents included), written
# here apart from the app's table of spellings.
STATUS_TOPICS: list[tuple[str, str, str, Collection[int] | None, str, str, str]] = [
    ("Which oral papers study diffusion models?", r"\bdiffusion\b", "", None, "", "Oral", ""),
    ("Which spotlights are about reinforcement learning?",
     r"\breinforcement learning\b|\bRL\b", "", None, "", "Spotlight", ""),
    ("Which NeurIPS 2023 orals study large language models?",
     r"\blarge language models?\b|\bLLMs?\b", "", None, "", "Oral", ""),
    ("Which spotlight papers are about graph neural networks?",
     r"\bgraph neural networks?\b|\bGNNs?\b", "", None, "", "Spotlight", ""),
    ("Which papers accepted as orals study optimization?", r"\boptimi[sz]", "", None, "", "Oral",
     ""),
    ("Which spotlights study federated learning?", r"\bfederated\b", "", None, "",
     "Spotlight", ""),
    ("Which orals are about transformers?", r"\btransformers?\b", "", None, "", "Oral", ""),
    ("Which spotlight papers study adversarial robustness?", r"\badversarial(?:ly)? robust",
     "", None, "", "Spotlight", ""),
    ("Which oral papers are about protein folding?", r"\bprotein folding\b", "", None, "",
     "Oral", ""),
]
AFFILIATION_TOPICS: list[tuple[str, str, str, Collection[int] | None, str, str, str]] = [
    ("Which papers from MIT study bandits?", r"\bbandits?\b", "", None, "", "",
     r"\bMIT\b|Massachusetts Institute of Technology"),
    ("Which papers from Stanford are about robot manipulation?", r"\bmanipulation\b", "", None,
     "", "", r"Stanford"),
    ("Which papers from Google study language models?", r"\blanguage models?\b|\bLLMs?\b", "",
     None, "", "", r"\bGoogle\b"),
    ("Which CoRL papers from Carnegie Mellon University study imitation learning?",
     r"\bimitation learning\b", "CoRL", None, "", "", r"Carnegie Mellon|\bCMU\b"),
    ("Which papers from DeepMind study reinforcement learning?",
     r"\breinforcement learning\b|\bRL\b", "", None, "", "", r"DeepMind"),
    ("Which oral papers from UC Berkeley study robots?", r"\brobot", "", None, "", "Oral",
     r"UC Berkeley|University of California,? Berkeley"),
    ("Which papers from Tsinghua University study diffusion models?", r"\bdiffusion\b", "",
     None, "", "", r"Tsinghua"),
    ("Which papers from ETH Zurich are about Gaussian processes?",
     r"\bgaussian process(?:es)?\b", "", None, "", "", r"\bETH\b"),
    ("Which COLT papers from Princeton University study online learning?",
     r"\bonline learning\b", "COLT", None, "", "", r"Princeton"),
    ("Which papers from Mila study protein folding?", r"\bprotein folding\b", "", None, "", "",
     r"\bMila\b"),
]

# Other ways of naming institutions (written after the seventh session's change that reads
# them, run once): the institution naming the papers ("MIT papers", "What did X publish on
# Y?", "papers by X researchers") and several institutions ("from MIT or Stanford").
INSTITUTION_FORM_TOPICS: list[tuple[str, str, str, Collection[int] | None, str, str, str]] = [
    ("Which MIT papers study reinforcement learning?", r"\breinforcement learning\b|\bRL\b",
     "", None, "", "", r"\bMIT\b|Massachusetts Institute of Technology"),
    ("What did Stanford publish on robot manipulation?", r"\bmanipulation\b", "", None, "", "",
     r"Stanford"),
    ("Which papers from MIT or Stanford study imitation learning?", r"\bimitation learning\b",
     "", None, "", "", r"\bMIT\b|Massachusetts Institute of Technology|Stanford"),
    ("What has Google DeepMind published on language models?",
     r"\blanguage models?\b|\bLLMs?\b", "", None, "", "", r"DeepMind"),
    ("Which CMU papers are about diffusion models?", r"\bdiffusion\b", "", None, "", "",
     r"Carnegie Mellon|\bCMU\b"),
    ("Which papers by Tsinghua researchers study reinforcement learning?",
     r"\breinforcement learning\b|\bRL\b", "", None, "", "", r"Tsinghua"),
    ("Which papers from Princeton, ETH Zurich or EPFL study bandits?", r"\bbandits?\b", "",
     None, "", "", r"Princeton|\bETH\b|\bEPFL\b|cole Polytechnique F"),
    ("Which Microsoft Research papers study reasoning?", r"\breason", "", None, "", "",
     r"Microsoft Research"),
    ("What did Mila publish on protein folding?", r"\bprotein folding\b", "", None, "", "",
     r"\bMila\b"),
]


# Authors named other ways (written in the eighth session after the change that reads them,
# run once): in lowercase, without accents or initials, by the last name alone where the
# question says it is an author's, an author with a topic, with a venue and year. The topic
# regex "" takes every paper of the author; a last name's regex every author of that name.
NEURIPS_AUTHOR_TOPICS: list[tuple[Any, ...]] = [
    ("what did yoshua bengio work on?", r"", "", None, "", "", "", r"^Yoshua Bengio$"),
    ("papers by ludwig schmidt", r"", "", None, "", "", "", r"^Ludwig Schmidt$"),
    ("What did Mihaela van der Schaar work on?", r"", "", None, "", "", "",
     r"^Mihaela van der Schaar$"),
    ("What did Bernhard Scholkopf work on?", r"", "", None, "", "", "", r"^Bernhard Schölkopf$"),
    ("What did Christopher Re work on?", r"", "", None, "", "", "", r"^Christopher Ré$"),
    ("Which papers are by Zico Kolter?", r"", "", None, "", "", "", r"^J\. Zico Kolter$"),
    ("What did Sugiyama work on?", r"", "", None, "", "", "", r" Sugiyama$"),
    ("What did Hernandez-Lobato work on?", r"", "", None, "", "", "", r" Hernández-Lobato$"),
    ("What did Tenenbaum work on?", r"", "", None, "", "", "", r" Tenenbaum$"),
    ("what did jure leskovec work on?", r"", "", None, "", "", "", r"^Jure Leskovec$"),
    ("Goldstein's papers on watermarking", r"watermark", "", None, "", "", "",
     r" Goldstein$"),
    ("Which papers by Tom Goldstein study diffusion models?", r"diffusion", "", None, "", "",
     "", r"^Tom Goldstein$"),
    ("Which papers by Ermon study diffusion models?", r"diffusion", "", None, "", "", "",
     r" Ermon$"),
    ("Sergey Levine's papers on offline reinforcement learning", r"\boffline\b", "", None, "",
     "", "", r"^Sergey Levine$"),
    ("Which papers by Pieter Abbeel study reinforcement learning?",
     r"reinforcement|\bRL\b", "", None, "", "", "", r"^Pieter Abbeel$"),
    ("which papers by percy liang study language models?", r"language models?|\bLLMs?\b", "",
     None, "", "", "", r"^Percy Liang$"),
    ("Which papers by Krause study Bayesian optimization?", r"Bayesian optimi[sz]ation|bandit",
     "", None, "", "", "", r" Krause$"),
    ("What did Geoffrey Hinton work on?", r"", "", None, "", "", "", r"^Geoffrey Hinton$"),
]
PAPERLISTS_AUTHOR_TOPICS: list[tuple[Any, ...]] = [
    ("What did Finn work on?", r"", "", None, "", "", "", r" Finn$"),
    ("which corl papers by chelsea finn study imitation learning?", r"imitation", "CoRL", None,
     "", "", "", r"^Chelsea Finn$"),
    ("papers by levine on offline reinforcement learning", r"\boffline\b", "", None, "", "",
     "", r" Levine$"),
    ("What did Nicolo Cesa-Bianchi work on?", r"", "", None, "", "", "",
     r"^Nicolò Cesa-Bianchi$"),
    ("Which papers by Tomas Lozano-Perez study planning?", r"\bplan", "", None, "", "", "",
     r"^Tomás Lozano-Pérez$"),
    ("What did Hanneke work on?", r"", "", None, "", "", "", r" Hanneke$"),
    ("What did Steve Hanneke publish at COLT 2024?", r"", "COLT", {2024}, "", "", "",
     r"^Steve Hanneke$"),
    ("Dieter Fox's papers on manipulation", r"manipulat", "", None, "", "", "",
     r"^Dieter Fox$"),
    ("which papers by fox study manipulation?", r"manipulat", "", None, "", "", "", r" Fox$"),
    ("What did Thomas Schon work on?", r"", "", None, "", "", "", r"^Thomas B\. Schön$"),
    ("aistats 2025 papers by aaditya ramdas", r"", "AISTATS", {2025}, "", "", "",
     r"^Aaditya Ramdas$"),
    ("Which papers by Dorsa Sadigh study human feedback?", r"human|preference", "", None, "",
     "", "", r"^Dorsa Sadigh$"),
]

# authors asked for other ways: misspelled names, several together or either, "as an author",
# "what topics does X work on?" (written in the ninth session after the changes that read them;
# a tuple of regexes: each must match one of the paper's authors)
AUTHOR_FORM_TOPICS: list[tuple[Any, ...]] = [
    ("What did Peter Abbeel publish?", r"", "", None, "", "", "", r"^Pieter Abbeel$"),
    ("What did Sergey Levin work on?", r"", "", None, "", "", "", r"^Sergey Levine$"),
    ("Which papers has Chelsea Fin written on imitation learning?", r"imitation", "", None, "",
     "", "", r"^Chelsea Finn$"),
    ("papers by Aaditya Ramdass on hypothesis testing", r"\btesting\b", "", None, "", "", "",
     r"^Aaditya Ramdas$"),
    ("Which papers did Sergey Levine and Chelsea Finn write together?", r"", "", None, "", "",
     "", (r"^Sergey Levine$", r"^Chelsea Finn$")),
    ("papers co-authored by Pieter Abbeel and Sergey Levine", r"", "", None, "", "", "",
     (r"^Pieter Abbeel$", r"^Sergey Levine$")),
    ("Which papers by Sergey Levine and Chelsea Finn study robot learning?", r"robot", "", None,
     "", "", "", (r"^Sergey Levine$", r"^Chelsea Finn$")),
    ("papers by Aaditya Ramdas or Dorsa Sadigh", r"", "", None, "", "", "",
     r"^(?:Aaditya Ramdas|Dorsa Sadigh)$"),
    ("Which papers have Aaditya Ramdas as an author?", r"", "", None, "", "", "",
     r"^Aaditya Ramdas$"),
    ("What topics does Dorsa Sadigh work on?", r"", "", None, "", "", "", r"^Dorsa Sadigh$"),
    ("What did Xavier Plughwort work on?", r"", "", None, "", "", "", r"^Xavier Plughwort$"),
]

# British spellings asked, and American ones where titles write the British (written in the
# ninth session with the change that reads both alike, after its first measurements)
SPELLING_TOPICS: list[tuple[Any, ...]] = [
    ("Which papers study Bayesian optimisation?", r"bayesian optimi[sz]ation"),
    ("Which papers study generalisation?", r"generali[sz]ation"),
    ("Which papers are about regularisation?", r"regulari[sz]ation"),
    ("Which papers study quantisation?", r"quanti[sz]ation|quanti[sz]ed"),
    ("Which papers study minimax optimisation?", r"minimax optimi[sz]ation"),
    ("Which papers study stochastic optimisation?", r"stochastic optimi[sz]ation"),
    ("Which papers study tokenisation?", r"tokeni[sz]"),
    ("Which papers study normalising flows?", r"normali[sz]ing flows?"),
    ("Which papers study behaviour cloning?", r"behaviou?r(al)? cloning"),
    ("Which papers study initialisation?", r"initiali[sz]ation"),
    ("Which papers study kernelised bandits?", r"kerneli[sz]ed bandits?"),
    ("Which papers study discretisation?", r"discreti[sz]ation"),
    ("Which papers study personalised federated learning?", r"personali[sz]ed federated"),
    ("Which papers study distributionally robust optimisation?",
     r"distributionally robust optimi[sz]ation"),
    ("Which papers study Bayesian optimization?", r"bayesian optimi[sz]ation"),
    ("Which papers study generalization?", r"generali[sz]ation"),
    ("Which papers are about regularization?", r"regulari[sz]ation"),
    ("Which papers study quantization?", r"quanti[sz]ation|quanti[sz]ed"),
    ("Which papers study behavior cloning?", r"behaviou?r(al)? cloning"),
    ("Which papers study kernelized bandits?", r"kerneli[sz]ed bandits?"),
]

# questions in the forms the tenth session taught the reader: an interest stated, "what's new
# in X?", a topic compared across venues, years or institutions, counted per venue or year
# (written after those changes, run once; a venue may be a tuple: any of them)
QUESTION_FORM_TOPICS: list[tuple[Any, ...]] = [
    ("I'm interested in conformal prediction. What's there?", r"conformal"),
    ("We are working on causal discovery", r"causal discovery"),
    ("I'm curious about score matching. Any papers?", r"score matching"),
    ("I'm researching offline reinforcement learning. Which ones are from 2025?",
     r"offline (?:reinforcement learning|RL)", "", {2025}),
    ("I am interested in Gaussian processes. Which ones are from UAI?", r"gaussian process",
     "UAI", None),
    ("What's new in federated learning?", r"federated"),
    ("What are the recent advances in diffusion policies?", r"diffusion polic"),
    ("Compare UAI and AISTATS papers on causal inference", r"causal inference",
     ("UAI", "AISTATS"), None),
    ("COLT vs ALT papers on online learning", r"online learning", ("COLT", "ALT"), None),
    ("What is the difference between 2023 and 2025 papers on Gaussian processes?",
     r"gaussian process", "", {2023, 2025}),
    ("Compare MIT and Stanford papers on robotics", r"robot", "", None, "", "",
     r"\bMIT\b|Massachusetts Institute of Technology|Stanford"),
    ("Compare oral and poster papers on Bayesian optimization", r"bayesian optimi[sz]ation"),
    ("How many papers on bandits per venue?", r"bandit"),
    ("How many papers on conformal prediction per year?", r"conformal"),
    ("I'm interested in quantum error correction. What's there?", r"quantum error correction"),
]


# Topics whose word Porter stemming takes for another ("conformal" and "conformational" are
# both "conform"; "additive" and "addition", "variational" and "variations", "attribution" and
# "attributes"): written in the thirteenth session before the change that tells them apart,
# and run on the code before it (README, *Measured*). Asked over both corpora.
WORD_SENSE_TOPICS: list[tuple[str, str]] = [
    ("Which papers are about conformal prediction?", r"\bconformal(?:i[sz]ed)?\b"),
    ("Which papers use additive models?", r"\badditive (?:noise )?model"),
    ("Which papers study actor-critic methods?", r"\bactor[- ]critic"),
    ("Which papers use variational inference?", r"\bvariational inference\b"),
    ("Which papers are about proximal methods?", r"\bproximal\b"),
    ("Which papers estimate treatment effects?", r"\btreatment effects?\b"),
    ("Which papers study feature attribution?", r"\bfeature attributions?\b"),
    ("Which papers study matrix completion?", r"\bmatrix completion\b"),
    ("Which papers are about relational learning?", r"\brelational\b"),
    ("Which papers study conversational AI?", r"\bconversational\b"),
    ("Which papers study the expressive power of neural networks?",
     r"\bexpressive power\b|\bexpressivity\b|\bexpressiveness\b"),
    ("Which papers study margin maximization?",
     r"\bmargin maximi[sz]ation\b|\bmax(?:imum)?[- ]margin\b|\blarge[- ]margin\b"),
    ("Which papers study inductive biases?", r"\binductive bias"),
]


# Topics of three words joined by "of" or "to", which a question writes apart and papers mostly
# as one hyphenated compound ("mixture of experts", "learning to rank"): written in the
# thirteenth session with the change that reads them as one, run on the code before it too
# (README, *Measured*). Asked over both corpora.
COMPOUND_TOPICS: list[tuple[str, str]] = [
    ("Which papers use mixture of experts?", r"\bmixtures?[- ]of[- ]experts?\b|\bMoEs?\b"),
    ("Which papers study chain of thought prompting?",
     r"\bchain[- ]of[- ]thoughts?\b|\bCoT\b"),
    ("Which papers study text to image generation?", r"\btext[- ]to[- ]image\b|\bT2I\b"),
    ("Which papers study theory of mind?", r"\btheory[- ]of[- ]mind\b"),
    ("Which papers study learning to rank?", r"\blearning[- ]to[- ]rank\b"),
    ("Which papers study sequence to sequence models?",
     r"\bsequence[- ]to[- ]sequence\b|\bseq2seq\b"),
    ("Which papers study end to end learning?", r"\bend[- ]to[- ]end\b"),
    ("Which papers study out of distribution detection?",
     r"\bout[- ]of[- ]distribution detection\b|\bOOD detection\b"),
    ("Which papers study sim to real transfer?", r"\bsim[- ]?to[- ]?real\b|\bsim2real\b"),
    ("Which papers study image to image translation?", r"\bimage[- ]to[- ]image\b"),
    ("Which papers study learning to optimize?", r"\blearning[- ]to[- ]optimi[sz]e\b"),
]

# two-part topics ("X for Y", "X in Y"): both parts named (each regex a lookahead; written in
# the fifteenth session before any change for them, run on the code before and after)
def _both(*parts: str) -> str:
    return r"\A" + "".join(f"(?=[\\s\\S]*?(?:{part}))" for part in parts)


TWO_PART_TOPICS: list[tuple[str, str]] = [
    ("Which papers use graph neural networks for drug discovery?",
     _both(r"\bgraph neural networks?\b|\bGNNs?\b", r"\bdrugs?\b")),
    ("Which papers apply transformers to time series forecasting?",
     _both(r"\btransformers?\b", r"\btime[- ]series\b")),
    ("Which papers use reinforcement learning for robotics?",
     _both(r"\breinforcement learning\b|\bRL\b", r"\brobot")),
    ("Which papers use diffusion models for video generation?",
     _both(r"\bdiffusion\b", r"\bvideos?\b")),
    ("Which papers use large language models for code generation?",
     _both(r"\blarge language models?\b|\bLLMs?\b", r"\bcode\b")),
    ("Which papers study contrastive learning for recommendation?",
     _both(r"\bcontrastive\b", r"\brecommend")),
    ("Which papers use federated learning for healthcare?",
     _both(r"\bfederated\b", r"\bhealth|\bmedical\b|\bclinical\b|\bhospitals?\b")),
    ("Which papers use vision transformers for segmentation?",
     _both(r"\bvision transformers?\b|\bViTs?\b", r"\bsegment")),
    ("Which papers study reinforcement learning for language models?",
     _both(r"\breinforcement learning\b|\bRL(?:HF)?\b",
           r"\blanguage models?\b|\bLLMs?\b|\bLMs?\b")),
    ("Which papers use graph neural networks for combinatorial optimization?",
     _both(r"\bgraph neural networks?\b|\bGNNs?\b", r"\bcombinatorial\b")),
    ("Which papers study differential privacy in federated learning?",
     _both(r"\bdifferential(?:ly)? privacy\b|\bdifferentially private\b|\bDP\b",
           r"\bfederated\b")),
    ("Which papers use Bayesian optimization for hyperparameter tuning?",
     _both(r"\bBayesian optimi[sz]ation\b", r"\bhyper-?parameters?\b")),
    ("Which papers study adversarial robustness of vision transformers?",
     _both(r"\badversarial\b", r"\bvision transformers?\b|\bViTs?\b")),
    ("Which papers use spiking neural networks for language modeling?",
     _both(r"\bspiking\b", r"\blanguage model")),
]


# Questions naming a presentation session (NeurIPS 2023: "Poster Session 1: Tuesday, Dec 12,
# 08:45 CT" to "Poster Session 6: Thursday, Dec 14, 15:00 CT") by number, ordinal, day or part
# of a day, written in the twenty-first session after the changes that read them and run once.
# The eighth field is a regex over the record's session; the fourth (status) as above.
SESSION_TOPICS: list[tuple[str, str, str, Collection[int] | None, str, str, str, str, str]] = [
    ("Which papers on diffusion models are in poster session 3?", r"\bdiffusion\b", "", None,
     "", "", "", "", r"^Poster Session 3:"),
    ("Which reinforcement learning papers are presented on Thursday?",
     r"\breinforcement learning\b|\bRL\b", "", None, "", "", "", "", r"Thursday"),
    ("Which papers on graph neural networks are presented on Wednesday afternoon?",
     r"\bgraph neural networks?\b|\bGNNs?\b", "", None, "", "", "", "", r"^Poster Session 4:"),
    ("Which papers in the first poster session study federated learning?", r"\bfederated\b", "",
     None, "", "", "", "", r"^Poster Session 1:"),
    ("Which orals on large language models are in the last poster session?",
     r"\blarge language models?\b|\bLLMs?\b", "", None, "", "Oral", "", "",
     r"^Poster Session 6:"),
    ("Which papers on optimal transport are in session 5?", r"\boptimal transport\b", "", None,
     "", "", "", "", r"^Poster Session 5:"),
    ("Which papers on bandits are presented on Tuesday morning?", r"\bbandits?\b", "", None, "",
     "", "", "", r"^Poster Session 1:"),
    ("Which papers in poster session 2 are about transformers?", r"\btransformers?\b", "", None,
     "", "", "", "", r"^Poster Session 2:"),
    ("Which of Tuesday's posters study causal inference?", r"\bcausal inference\b", "", None, "",
     "Poster", "", "", r"Tuesday"),
    ("Which papers on diffusion models are presented on Monday?", r"\bdiffusion\b", "", None, "",
     "", "", "", r"Monday"),
    ("Which spotlights on adversarial robustness are in poster session 4?",
     r"\badversarial(?:ly)? robust", "", None, "", "Spotlight", "", "", r"^Poster Session 4:"),
    ("Which papers in the third poster session study contrastive learning?",
     r"\bcontrastive\b", "", None, "", "", "", "", r"^Poster Session 3:"),
]


def build(corpus: Path, topics: Sequence[tuple[Any, ...]]) -> list[dict[str, object]]:
    """Must and acceptable papers per question; a question whose venue, years, status,
    institution, author and session hold neither is negative (the listing must refuse)."""
    papers = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()
              if line.strip()]
    out: list[dict[str, object]] = []
    for question, pattern, *where in topics:
        rx = re.compile(pattern, re.I)
        venue, years, without, status, institution, author, session = (
            *where, "", "", "", "", "", "", "")[:7] if where else ("", None, "", "", "", "", "")
        held = re.compile(session) if session else None
        left_out = re.compile(without, re.I) if without else None
        at = re.compile(institution) if institution else None
        by = [re.compile(a) for a in ((author,) if isinstance(author, str) else author) if a]
        venues = (venue,) if isinstance(venue, str) else venue
        pool = [p for p in papers if (not venue or p.get("conference") in venues)
                and (years is None or p.get("year") in years) and not (
                    left_out and left_out.search(f"{p['title']} {p['abstract']}"))
                and (not status or p.get("status") == status)
                and (at is None or any(at.search(a) for a in p.get("affiliations") or []))
                and all(any(b.search(a) for a in p.get("authors") or []) for b in by)
                and (held is None or held.search(p.get("session") or ""))]
        must = [p["id"] for p in pool if rx.search(p["title"])]
        acceptable = [p["id"] for p in pool
                      if not rx.search(p["title"]) and rx.search(p["abstract"])]
        out.append({"question": question, "must": must, "acceptable": acceptable,
                    "negative": not must and not acceptable})
    return out


SETS: list[tuple[Path, Sequence[tuple[Any, ...]], str]] = [
    (NEURIPS, TOPICS, "neurips2023_listing.json"),
    (NEURIPS, MORE_TOPICS, "neurips2023_listing_more.json"),
    (NEURIPS, HELDOUT_TOPICS, "neurips2023_listing_heldout.json"),
    (NEURIPS, HELDOUT2_TOPICS, "neurips2023_listing_heldout2.json"),
    (NEURIPS, HELDOUT3_TOPICS, "neurips2023_listing_heldout3.json"),
    (NEURIPS, HELDOUT4_TOPICS, "neurips2023_listing_heldout4.json"),
    (PAPERLISTS, PAPERLISTS_TOPICS, "paperlists_listing_heldout.json"),
    (PAPERLISTS, PAPERLISTS2_TOPICS, "paperlists_listing_heldout2.json"),
    (PAPERLISTS, FILTERED_TOPICS, "paperlists_filters.json"),
    (PAPERLISTS, FORM_TOPICS, "paperlists_forms.json"),
    (NEURIPS, STATUS_TOPICS, "neurips2023_status.json"),
    (PAPERLISTS, AFFILIATION_TOPICS, "paperlists_affiliations.json"),
    (PAPERLISTS, INSTITUTION_FORM_TOPICS, "paperlists_institution_forms.json"),
    (NEURIPS, NEURIPS_AUTHOR_TOPICS, "neurips2023_authors.json"),
    (PAPERLISTS, PAPERLISTS_AUTHOR_TOPICS, "paperlists_authors.json"),
    (PAPERLISTS, SPELLING_TOPICS, "paperlists_spellings.json"),
    (PAPERLISTS, AUTHOR_FORM_TOPICS, "paperlists_author_forms.json"),
    (PAPERLISTS, QUESTION_FORM_TOPICS, "paperlists_question_forms.json"),
    (NEURIPS, WORD_SENSE_TOPICS, "neurips2023_word_senses.json"),
    (PAPERLISTS, WORD_SENSE_TOPICS, "paperlists_word_senses.json"),
    (NEURIPS, COMPOUND_TOPICS, "neurips2023_compounds.json"),
    (PAPERLISTS, COMPOUND_TOPICS, "paperlists_compounds.json"),
    (NEURIPS, TWO_PART_TOPICS, "neurips2023_two_parts.json"),
    (PAPERLISTS, TWO_PART_TOPICS, "paperlists_two_parts.json"),
    (NEURIPS, SESSION_TOPICS, "neurips2023_sessions.json"),
]


def misspelled(questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The questions with one word of their topic misspelled, the ground truth kept: the
    longest all-lowercase word of six letters or more after "study"/"about", its third and
    fourth letters swapped (even questions) or its middle letter dropped (odd ones); those
    with no such word left out."""
    out = []
    for i, q in enumerate(questions):
        question = q["question"]
        cut = max(question.rfind(" about "), question.rfind(" study "))
        words = [w for w in re.findall(r"\b[a-z]{6,}\b", question[cut:]) if w != "about"]
        if cut < 0 or not words:
            continue
        word = max(words, key=len)
        typo = (word[:2] + word[3] + word[2] + word[4:] if i % 2 == 0
                else word[:len(word) // 2] + word[len(word) // 2 + 1:])
        out.append({**q, "question": question[:cut] + re.sub(rf"\b{word}\b", typo,
                                                             question[cut:], count=1)})
    return out


def main() -> None:
    datasets = Path(sys.argv[1]) if len(sys.argv) > 1 else DATASETS
    for corpus, topics, name in SETS:
        questions = build(datasets / corpus, topics)
        (EVALS / name).write_text(json.dumps(questions, indent=1) + "\n", encoding="utf-8")
        print(name)
        for q in questions:
            print(f"{len(q['must']):>4} must {len(q['acceptable']):>4} acceptable  {q['question']}")
    # the second NeurIPS set with a word of each topic misspelled (written in the eighth
    # session after the change that respells words, run once)
    more = json.loads((EVALS / "neurips2023_listing_more.json").read_text(encoding="utf-8"))
    (EVALS / "neurips2023_listing_typos.json").write_text(
        json.dumps(misspelled(more), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

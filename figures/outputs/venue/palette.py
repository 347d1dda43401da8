"""The venue figures' colours: one per method in every figure, from a palette that stays
apart under the three simulated colour-vision deficiencies."""

#: Okabe & Ito (2008), "Color Universal Design": the palette of this module.
OKABE_ITO = {"blue": "#0072B2", "bluish green": "#009E73", "vermillion": "#D55E00",
             "sky blue": "#56B4E9", "reddish purple": "#CC79A7", "orange": "#E69F00",
             "yellow": "#F0E442"}
#: Each method's colour in every venue figure.
METHOD_COLORS = {"BP": OKABE_ITO["blue"], "FA": OKABE_ITO["bluish green"],
                 "DFA": OKABE_ITO["vermillion"], "State Bridge": OKABE_ITO["sky blue"],
                 "Credit Bridge": OKABE_ITO["reddish purple"]}
#: The default figures' series colours (style.PAPER_COLORS, the CIFAR and snapshot report
#: colours, fig4's conditions) and what each becomes: a method's colour where the series is
#: a method, else a palette colour not used for methods.
RECOLOR = {
    # paper figures: BP, FA, DFA
    "#2166ac": METHOD_COLORS["BP"], "#e08214": METHOD_COLORS["FA"],
    "#b2182b": METHOD_COLORS["DFA"],
    # CIFAR report: BP, DFA, state bridge, credit bridge
    "#f44336": METHOD_COLORS["BP"], "#2196f3": METHOD_COLORS["DFA"],
    "#ff9800": METHOD_COLORS["State Bridge"], "#4caf50": METHOD_COLORS["Credit Bridge"],
    # snapshot report: "b" BP, "r" DFA
    "#0000ff": METHOD_COLORS["BP"], "#ff0000": METHOD_COLORS["DFA"],
    # fig4: vanilla DFA (C3), penalized DFA (C2); cos/rho and no/with penalty bars
    "#d62728": METHOD_COLORS["DFA"], "#2ca02c": OKABE_ITO["sky blue"],
    "#4682b4": OKABE_ITO["blue"], "#7da76f": OKABE_ITO["orange"],
    "#cc4444": OKABE_ITO["vermillion"],
    # the state-vs-credit error curves (matplotlib's cycle, one per seed)
    "#1f77b4": OKABE_ITO["blue"], "#ff7f0e": OKABE_ITO["orange"],
}
"""``figures pack PAPER_DIR``: the paper's source archive for arXiv or a venue.

What goes in is what the paper's compile reads (latexmk's recorder file list, from a compile
in a temporary copy), with comments stripped by a LaTeX parser; every figure of ours in it
is current and has no Type 3 font; the archive is proven by compiling it in an empty folder.
"""

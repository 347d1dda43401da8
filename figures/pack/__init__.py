"""``figures pack PAPER_DIR``: the paper's source archive for arXiv or a venue.

What goes in is what the paper's compile reads (latexmk's recorder file list, from a compile
in a temporary copy), with comments stripped by a LaTeX parser; every figure of ours in it
is current and has no Type 3 font; the archive is proven by compiling it in an empty folder.

The paper's folder is untrusted input: only regular files inside it go in. A symbolic link
is resolved, and one leading outside the folder is refused; so is a **hard link** one of
whose names is outside it (``ln ~/secret P/notes.tex``), refused in one line naming it and
nothing written, rather than packed with a warning: a hard link is no link to resolve but
the same file under two names, so nothing in the folder says that its content is another
file's, and a warning among others would ship it all the same. Names all inside the folder
are the paper's own. A non-regular file (a FIFO, a device) is never opened.
"""

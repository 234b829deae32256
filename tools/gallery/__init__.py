"""The picture gallery: sample pictures of every kind written into a folder to be looked at
(``python -m tools.gallery OUT_DIR``). The pages live here, beside their builder, because only the
gallery shows them: the bot never runs them. base holds the base game's pages and the scenes the
expansions' pages (horses, pairs) build on; build writes them all and the index."""

"""The riichi table's parts: what the table shows (state), rivers, melds and hands, the centre
panel, call offers and results.  The play screen and the replay viewer draw with them."""

# corpora stage rules (not written yet)

# wordle stage rules (not written yet)

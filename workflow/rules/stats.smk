# stats stage rules (not written yet)

# lm stage rules (not written yet)

# glove stage rules (not written yet)

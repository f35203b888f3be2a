# report stage rules (not written yet)

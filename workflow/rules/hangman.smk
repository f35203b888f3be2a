# hangman stage rules (not written yet)

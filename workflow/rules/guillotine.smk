# guillotine stage rules (not written yet)

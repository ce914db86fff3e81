"""Capture flow: pending captures handed from the Stop hook to the next prompt, and the writer's batch mode."""

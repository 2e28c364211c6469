"""Search algorithms shared by every game: matrix games, MCTS, IS-MCTS, expectiminimax."""

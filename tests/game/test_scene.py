"""Scene graph: transforms, hit-testing, z-order, tweens, cards and standees."""

from __future__ import annotations

import math

import pytest

from game.scene import Affine, CardNode, Node, StandeeNode
from game.tween import EASINGS, Tween, Tweener, ease_out_back


def test_child_position_composes_parent_translation_rotation_and_scale():
    parent = Node(100, 50)
    parent.rotation, parent.scale = 90.0, 2.0
    child = parent.add(Node(10, 0))
    x, y = child.to_world()
    assert x == pytest.approx(100) and y == pytest.approx(70)


def test_to_local_inverts_to_world():
    parent = Node(300, 200)
    parent.rotation, parent.scale = 33.0, 1.7
    child = parent.add(Node(-12, 40))
    child.rotation = -71.0
    wx, wy = child.to_world(5, -9)
    lx, ly = child.to_local(wx, wy)
    assert (lx, ly) == (pytest.approx(5), pytest.approx(-9))


def test_affine_inverse_of_zero_scale_refuses():
    with pytest.raises(ZeroDivisionError):
        Affine.local(0, 0, 0, 0).inverse()


def test_hit_test_follows_rotation():
    card = Node(200, 200, 100, 20)
    card.interactive = True
    assert card.contains(245, 200) and not card.contains(200, 245)
    card.rotation = 90
    assert card.contains(200, 245) and not card.contains(245, 200)


def test_pick_returns_topmost_by_z_and_skips_hidden_and_inert():
    root = Node()
    low = root.add(Node(50, 50, 40, 40, name="low"))
    high = root.add(Node(55, 55, 40, 40, name="high"))
    inert = root.add(Node(52, 52, 40, 40, name="inert"))
    for n in (low, high):
        n.interactive = True
    low.z, high.z, inert.z = 2, 1, 9
    assert root.pick(55, 55) is low
    low.visible = False
    assert root.pick(55, 55) is high
    assert root.pick(500, 500) is None


def test_world_alpha_multiplies_down_the_tree():
    parent = Node()
    parent.alpha = 0.5
    child = parent.add(Node())
    child.alpha = 0.5
    assert child.world_alpha() == pytest.approx(0.25)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_zero_and_end_at_one(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0)


def test_ease_out_back_overshoots_before_settling():
    assert max(ease_out_back(t / 100) for t in range(101)) > 1.0


def test_tween_waits_for_its_delay_then_reaches_the_end():
    node = Node(0, 0)
    done = []
    node.tween("x", 100, 1.0, delay=0.5, on_done=lambda: done.append(True))
    node.update(0.4)
    assert node.x == 0
    node.update(0.6)
    assert 0 < node.x < 100 and not done
    node.update(1.0)
    assert node.x == 100 and done == [True] and not node.busy()


def test_chained_tween_starts_from_the_value_the_first_left():
    node = Node(0, 0)
    node.tween("x", 50, 1.0)
    node.tween("x", 80, 1.0, delay=1.0)
    for _ in range(40):
        node.update(0.05)
    assert node.x == pytest.approx(80)


def test_finish_all_jumps_to_the_ends():
    node = Node()
    tweener = Tweener()
    tweener.add(Tween(node, "y", 30, 5.0))
    tweener.add(Tween(node, "alpha", 0.0, 5.0, delay=2.0))
    tweener.finish_all()
    assert (node.y, node.alpha, tweener.busy) == (30, 0.0, False)


def test_card_flip_shows_the_other_side_from_halfway():
    card = CardNode(0, 0, "Strike", ("Power 3",), face_up=False)
    card.flip(1.0)
    card.update(0.3)
    assert not card.showing_face
    card.update(0.3)
    assert card.showing_face and card.busy()
    card.update(0.5)
    assert card.face_up and card.turn == 0 and not card.busy()


def test_standee_hop_arcs_up_and_lands_on_its_square():
    standee = StandeeNode(0, 100, "K", (200, 0, 0))
    standee.hop_to(200, 100, duration=1.0, height=40)
    standee.update(0.5)
    assert standee.lift() == pytest.approx(-40, abs=1.0)
    assert standee.to_world()[1] < 100
    standee.update(0.6)
    assert (standee.x, standee.y) == (200, 100) and standee.lift() == pytest.approx(0, abs=1e-9)


def test_drawing_changes_nothing(tmp_path):
    import pygame

    surface = pygame.Surface((200, 200))
    card = CardNode(100, 100, "A", face_up=True)
    card.rotation, card.scale, card.alpha = 30.0, 1.3, 0.5
    before = (card.x, card.y, card.rotation, card.scale, card.alpha, card.turn)
    card.draw(surface)
    assert (card.x, card.y, card.rotation, card.scale, card.alpha, card.turn) == before
    assert math.isclose(card.world_matrix().rotation, 30.0)

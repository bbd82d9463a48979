import fnmatch
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

# Tests that play whole games or many of them, or walk the app through many screens:
# `pytest -m "not slow"` leaves them out and runs in under a minute here (57 s on an idle
# 2-core machine); CI runs everything. Picked from `pytest --durations=0` (about 2 s or more
# on an idle 2-core machine), by test function, so every parameter of one goes together; a
# name with its parameters ("...[board-160x48]") marks that one case, or a pattern of cases
# ("*").
SLOW = frozenset("""
test_tui_screens.py::test_a_complete_game_with_every_module_of_the_expansion_by_keys
test_tui_turns.py::test_an_options_key_and_esc_put_the_summary_away_too
test_tui_bar.py::test_an_actions_key_stays_the_same_for_the_whole_turn
test_bench_calibrate.py::test_a_run_reports_its_progress_game_by_game
test_bot_seats.py::test_a_bot_seat_plays_legal_moves_and_repeats_them
test_event_words.py::test_event_lines_leave_out_what_was_0_name_the_ship_and_call_a_boarding_a_boarding
test_expert.py::test_an_expert_seat_plays_a_game_to_its_first_agm
test_expert.py::test_a_worker_process_thinks_the_same_moves_and_gives_hints
test_expert.py::test_games_that_differ_only_in_hidden_cards_get_the_same_move
test_fuzz.py::test_a_crash_is_shrunk_and_saved_one_redo_before_it
test_fuzz.py::test_arbitrary_commands_are_refused_cleanly
test_fuzz.py::test_every_kind_of_mutant_is_loaded_recovered_or_refused
test_fuzz.py::test_fuzz_mode_prints_a_summary
test_fuzz.py::test_fuzz_slice_keeps_every_invariant
test_fuzz.py::test_greedy_beats_random_from_either_seat
test_fuzz.py::test_greedy_is_deterministic
test_fuzz.py::test_greedy_pair_launches_and_meets_goals
test_greedy.py::test_random_moves_only_once_a_game_is_stuck
test_npc.py::test_random_games_with_the_npc_finish_and_keep_every_invariant
test_planner.py::test_planner_is_deterministic
test_planner.py::test_planner_only_changes_the_main_choice
test_planner.py::test_planner_with_random_moves
test_planner.py::test_planning_leaves_the_game_untouched
test_property.py::test_every_random_game_ends_with_a_final_score_sheet
test_rachel_games.py::test_random_solo_games_end_with_both_scores
test_saves.py::test_many_random_games_round_trip
test_saves.py::test_save_load_round_trip_and_list
test_saves.py::test_two_humans_cannot_undo_past_a_reveal
test_saves.py::test_undo_to_the_start_and_redo_back
test_tables.py::test_undo_takes_back_your_own_last_move_only_and_other_apps_see_it
test_tables_tui.py::test_two_apps_play_a_table_each_seeing_only_its_own_hand
test_tables_tui.py::test_a_bot_at_a_table_moves_once_though_two_apps_think_for_it
test_tables_tui.py::test_the_lobby_joins_a_free_seat_and_a_race_and_an_undo_show_in_both_apps
test_tables_faults.py::test_eight_processes_moving_at_once_lose_and_duplicate_nothing
test_tables_pg.py::test_a_table_is_played_raced_undone_and_exported_on_postgresql
test_tables_pg.py::test_a_foreign_database_and_a_newer_schema_are_refused
test_tui.py::test_a_bumped_human_chooses_a_funding_bonus_off_turn
test_tui.py::test_a_complete_solo_game_against_rachel_by_keys
test_tui.py::test_a_complete_two_player_game_by_keys_against_a_bot
test_tui.py::test_a_planner_seat_chosen_on_the_new_game_screen_plays_its_turns
test_tui.py::test_a_solo_game_starts_with_a_custom_mix_and_plays_by_keys
test_tui.py::test_save_as_quit_and_load_mid_game
test_tui.py::test_nested_build_development_with_a_payment_split
test_tui_turns.py::test_snapshot_rachel_turn_summary
test_tui_words.py::test_the_log_wraps_at_its_width_after_a_resize_while_hidden
test_tui.py::test_the_palette_finds_a_move_by_its_words
test_modules.py::test_a_module_game_plays_to_the_end_saves_and_verifies
test_tui_panes.py::test_every_pane_is_read_to_its_end_by_keys
test_tui_turns.py::test_a_bot_turn_stays_summed_up_until_the_next_key
test_tui_damaged.py::test_a_bloated_file_is_refused_in_a_sentence_and_the_others_load
test_expert.py::test_the_apps_time_limit_cuts_the_look_as_the_budgets_do
test_expert.py::test_a_budget_of_commands_bounds_the_work_of_a_main_choice
test_expert.py::test_a_hint_cut_short_by_the_clock_goes_on_in_the_greedy_order
test_greedy.py::test_worths_kept_from_the_last_look_ahead_are_those_weighed_afresh
test_greedy.py::test_the_values_tables_read_what_the_rules_helpers_read
test_bench_bots.py::test_the_expert_is_timed_on_main_choices_spread_over_a_game
test_planner.py::test_the_apps_clock_cuts_the_planners_look
test_bench_versus.py::test_a_run_keeps_each_games_length_and_the_bots_launches
test_fuzz.py::test_shrink_keeps_the_failure_with_fewer_legal_commands
test_tables.py::test_the_cli_creates_moves_refuses_and_exports
test_tui.py::test_continue_after_quit_picks_up_the_autosave
test_tui.py::test_undo_and_redo_by_keys
test_tui.py::test_a_keymap_file_rebinds_undo
test_tui.py::test_options_by_number_walk_the_setup_and_phase_two
test_tui_bar.py::test_pressing_a_stations_own_number_places_the_worker_there
test_tui_bar.py::test_a_missing_action_is_shown_with_its_reason
test_tui_turns.py::test_rachel_bumping_your_worker_says_so_in_the_prompt
test_tui_turns.py::test_p_changes_the_pause_before_bot_moves
test_tui_screens.py::test_the_decision_bar_reads_a_starting_upgrade_card_in_words
test_tui_screens.py::test_the_auction_at_one_terminal_asks_seat_by_seat_hiding_the_last_bid
test_tui_screens.py::test_the_new_game_form_offers_each_module_and_its_variant_once_the_module_is_on
""".split())


# Looks: each pane's snapshot stays in the fast tier at 80x24; the larger sizes run in CI.
SLOW_CASES = ("test_tui_panes.py::test_snapshot_pane[*-100x30]",
              "test_tui_panes.py::test_snapshot_pane[*-160x48]",
              "test_tui.py::test_snapshot_game[160x48]",
              "test_saves_damaged.py::test_10_lists_longer_than_a_real_game_are_refused"
              "[undo_log-2500000]",
              "test_saves_damaged.py::test_10_lists_longer_than_a_real_game_are_refused"
              "[hashes-1000000]",
              # One case per module set and player count stays fast; the rest run in CI.
              "test_quick_checks.py::test_an_actions_quick_test_answers_as_its_options[3-1*]",
              "test_quick_checks.py::test_an_actions_quick_test_answers_as_its_options"
              "[2-15-modules3]",
              # Two names keep the markup and escape checks fast: "[31m[b]Evil[/b]" and "[/]".
              "test_tui_turns.py::test_seat_names_with_markup_draw[*x]",
              "test_tui_turns.py::test_seat_names_with_markup_draw[*Ann*]")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        full = item.nodeid.removeprefix("tests/")
        if full.split("[")[0] in SLOW or any(
                fnmatch.fnmatchcase(full, c.replace("[", "[[]")) for c in SLOW_CASES):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(optionalhook=True)  # pytest -p no:xdist runs without it
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the cores. A TUI test waits on its app between keys
    (about a fifth of its time here), which another worker's test can use: on the idle 2-core
    machine the fast tier took 69 s with 2 workers and 62 s with 3."""
    return (os.cpu_count() or 1) + 1


def pytest_configure(config: pytest.Config) -> None:
    # A run that selects by marker (-m "not slow") leaves some snapshots unused on purpose;
    # the full run (CI's) still fails on a snapshot no test uses.
    if config.option.markexpr and hasattr(config.option, "warn_unused_snapshots"):
        config.option.warn_unused_snapshots = True

-- Tickets opened before support_ticket_events existed: their opening at its time, and their
-- current status at their last change (the one change still known; the ones between are lost).
INSERT INTO `support_ticket_events` (`ticket_id`, `player_id`, `from_status`, `to_status`, `source`, `created_at`)
  SELECT `id`, `player_id`, NULL, 'open', 'player', `created_at` FROM `support_tickets`;
--> statement-breakpoint
INSERT INTO `support_ticket_events` (`ticket_id`, `player_id`, `from_status`, `to_status`, `source`, `created_at`)
  SELECT `id`, `player_id`, 'open', `status`, CASE WHEN `status` = 'answered' THEN 'support' ELSE 'operator' END, `updated_at`
  FROM `support_tickets` WHERE `status` <> 'open';

-- Custom SQL migration file, put your code below! --
-- Each session's figures (session_counts, session_visitors, session_lead_quarters; schema.ts) are
-- kept by the database in the statement that writes each view, capture or person's band, however
-- it is written (the attendee page, scoring, erasure, retention, a seed, a test), then backfilled
-- from what is stored. The insights pages read them: a row per session, not every view and capture
-- (docs/organisers.md → Measured). Hot leads are the captures given to the organiser whose person's
-- band is hot.
CREATE OR REPLACE FUNCTION lectern_count_session_view() RETURNS trigger AS $$
DECLARE
  fresh integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO session_visitors (session_id, visitor) VALUES (NEW.session_id, NEW.visitor) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS fresh = ROW_COUNT;
    INSERT INTO session_counts AS c (session_id, scans, visits, visitors)
    VALUES (NEW.session_id, (NEW.kind = 'scan')::int, (NEW.kind = 'visit')::int, fresh)
    ON CONFLICT (session_id) DO UPDATE
      SET scans = c.scans + excluded.scans, visits = c.visits + excluded.visits, visitors = c.visitors + excluded.visitors;
    RETURN NULL;
  END IF;
  -- A view deleted with its session (the cascade) leaves nothing to keep.
  IF NOT EXISTS (SELECT 1 FROM talk_sessions WHERE id = OLD.session_id) THEN
    RETURN NULL;
  END IF;
  -- The visitor's last view gone: they are no longer a visitor (counted once when a statement
  -- deletes several of their views).
  fresh := 0;
  IF NOT EXISTS (SELECT 1 FROM session_views WHERE session_id = OLD.session_id AND visitor = OLD.visitor) THEN
    DELETE FROM session_visitors WHERE session_id = OLD.session_id AND visitor = OLD.visitor;
    GET DIAGNOSTICS fresh = ROW_COUNT;
  END IF;
  UPDATE session_counts
    SET scans = scans - (OLD.kind = 'scan')::int, visits = visits - (OLD.kind = 'visit')::int, visitors = visitors - fresh
    WHERE session_id = OLD.session_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_views_counted AFTER INSERT OR DELETE ON session_views FOR EACH ROW EXECUTE FUNCTION lectern_count_session_view();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lectern_count_session_lead() RETURNS trigger AS $$
DECLARE
  hot integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    -- A person deleted with their captures (the cascade) is no longer visible here: their hot
    -- captures were taken out before (lectern_count_hot_person).
    hot := (OLD.to_organiser AND EXISTS (SELECT 1 FROM contacts WHERE id = OLD.contact_id AND score_band = 'hot'))::int;
    UPDATE session_counts SET leads = leads - 1, hot_leads = hot_leads - hot WHERE session_id = OLD.session_id;
    UPDATE session_lead_quarters SET leads = leads - 1
      WHERE session_id = OLD.session_id AND quarter = floor(extract(epoch from OLD.created_at) / 900)::int;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    hot := (NEW.to_organiser AND EXISTS (SELECT 1 FROM contacts WHERE id = NEW.contact_id AND score_band = 'hot'))::int;
    INSERT INTO session_counts AS c (session_id, leads, hot_leads) VALUES (NEW.session_id, 1, hot)
    ON CONFLICT (session_id) DO UPDATE SET leads = c.leads + 1, hot_leads = c.hot_leads + excluded.hot_leads;
    INSERT INTO session_lead_quarters AS q (session_id, quarter, leads)
    VALUES (NEW.session_id, floor(extract(epoch from NEW.created_at) / 900)::int, 1)
    ON CONFLICT (session_id, quarter) DO UPDATE SET leads = q.leads + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER leads_counted AFTER INSERT OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION lectern_count_session_lead();
--> statement-breakpoint
CREATE TRIGGER leads_counted_changed AFTER UPDATE OF session_id, created_at, to_organiser, contact_id ON leads FOR EACH ROW
  WHEN (OLD.session_id IS DISTINCT FROM NEW.session_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.to_organiser IS DISTINCT FROM NEW.to_organiser OR OLD.contact_id IS DISTINCT FROM NEW.contact_id)
  EXECUTE FUNCTION lectern_count_session_lead();
--> statement-breakpoint
-- A person becoming hot (or no longer) moves their captures given to the organiser in or out of
-- each session's hot leads; a hot person deleted takes theirs out before the cascade deletes them.
CREATE OR REPLACE FUNCTION lectern_count_hot_person() RETURNS trigger AS $$
DECLARE
  person uuid;
  sign integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    person := OLD.id;
    sign := -1;
  ELSE
    person := NEW.id;
    sign := CASE WHEN NEW.score_band = 'hot' THEN 1 ELSE -1 END;
  END IF;
  UPDATE session_counts c SET hot_leads = c.hot_leads + sign * d.n
    FROM (SELECT session_id, count(*)::int AS n FROM leads WHERE contact_id = person AND to_organiser GROUP BY session_id) d
    WHERE c.session_id = d.session_id;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contacts_hot_counted AFTER UPDATE OF score_band ON contacts FOR EACH ROW
  WHEN ((OLD.score_band = 'hot') IS DISTINCT FROM (NEW.score_band = 'hot'))
  EXECUTE FUNCTION lectern_count_hot_person();
--> statement-breakpoint
CREATE TRIGGER contacts_hot_uncounted BEFORE DELETE ON contacts FOR EACH ROW
  WHEN (OLD.score_band = 'hot')
  EXECUTE FUNCTION lectern_count_hot_person();
--> statement-breakpoint
INSERT INTO session_visitors (session_id, visitor)
SELECT DISTINCT session_id, visitor FROM session_views
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO session_counts (session_id, scans, visits, visitors, leads, hot_leads)
SELECT s.id,
  coalesce((SELECT count(*) FROM session_views v WHERE v.session_id = s.id AND v.kind = 'scan'), 0),
  coalesce((SELECT count(*) FROM session_views v WHERE v.session_id = s.id AND v.kind = 'visit'), 0),
  coalesce((SELECT count(*) FROM session_visitors sv WHERE sv.session_id = s.id), 0),
  coalesce((SELECT count(*) FROM leads l WHERE l.session_id = s.id), 0),
  coalesce((SELECT count(*) FROM leads l JOIN contacts p ON p.id = l.contact_id
            WHERE l.session_id = s.id AND l.to_organiser AND p.score_band = 'hot'), 0)
FROM talk_sessions s
WHERE EXISTS (SELECT 1 FROM session_views v WHERE v.session_id = s.id)
   OR EXISTS (SELECT 1 FROM leads l WHERE l.session_id = s.id)
ON CONFLICT (session_id) DO UPDATE
  SET scans = excluded.scans, visits = excluded.visits, visitors = excluded.visitors, leads = excluded.leads,
      hot_leads = excluded.hot_leads;
--> statement-breakpoint
INSERT INTO session_lead_quarters (session_id, quarter, leads)
SELECT session_id, floor(extract(epoch from created_at) / 900)::int, count(*) FROM leads GROUP BY 1, 2
ON CONFLICT (session_id, quarter) DO UPDATE SET leads = excluded.leads;

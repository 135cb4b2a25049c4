-- A design unit's 工点 are the work sites placed in it (issue 33): one notion. Its free-text work points
-- (`design_unit.work_points`, a list of { name, mileage? }) become work sites of the unit's project, line,
-- design unit and container node, then the column goes. Per point, in the list's order (n = 1, 2…):
--   code     GD-<design unit code>-<n> (the unit's code cut to 30 characters: at most 40 in all), with -2,
--            -3… appended when a site of the project has it already (codes are unique within a project);
--   name     the point's name (trimmed; cut to 60 characters);
--   type     other (其他), status preparing (筹备, the column's default), no manager, no photos;
--   mileage  the start mileage when the point's is a canonical chainage within the unit's range (the rule a
--            site of a design unit follows); the end mileage stays empty until the site is next edited. A
--            mileage that cannot be kept so is written into the description instead of being lost.
-- Ids are UUIDv7 like the gateway's (the time in milliseconds, then random bits). Nothing newer than
-- PostgreSQL 15 (the server's version).
-- A unit's sites are no longer let go when it is deleted (ON DELETE set null): the delete is refused while
-- sites are placed in it (the gateway answers 20021 naming them); the index serves that check and the
-- unit's list of sites in code order.
DO $$
DECLARE
  p record;
  base text;
  code text;
  k integer;
  mileage text;
  at_metres numeric;
  keep boolean;
BEGIN
  FOR p IN
    SELECT d.design_unit_id, d.project_id, d.line_id, d.container_id, d.design_unit_code, d.design_unit_name,
      d.start_metres, d.end_metres, e.point, e.n
    FROM design_unit d
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(d.work_points) = 'array' THEN d.work_points ELSE '[]'::jsonb END
    ) WITH ORDINALITY AS e(point, n)
    ORDER BY d.project_id, d.design_unit_code, e.n
  LOOP
    base := 'GD-' || left(p.design_unit_code, 30) || '-' || p.n;
    code := base;
    k := 1;
    WHILE EXISTS (SELECT 1 FROM work_site w WHERE w.project_id = p.project_id AND w.work_site_code = code) LOOP
      k := k + 1;
      code := base || '-' || k;
    END LOOP;
    mileage := nullif(btrim(CASE WHEN jsonb_typeof(p.point) = 'object' THEN p.point ->> 'mileage' END), '');
    keep := coalesce(mileage ~ '^[A-Z]{0,4}[0-9]{1,4}\+[0-9]{3}\.[0-9]{3}$', false);
    IF keep THEN
      at_metres := split_part(substring(mileage FROM '[0-9]+\+[0-9.]+$'), '+', 1)::numeric * 1000
        + split_part(substring(mileage FROM '[0-9]+\+[0-9.]+$'), '+', 2)::numeric;
      keep := coalesce(at_metres >= p.start_metres AND at_metres <= p.end_metres, false);
    END IF;
    INSERT INTO work_site (
      work_site_id, project_id, work_site_code, work_site_name, site_type, line_id, design_unit_id, container_id,
      start_mileage, description, create_by, update_by
    ) VALUES (
      (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0')
        || '7' || substr(md5(random()::text), 1, 3)
        || substr('89ab', 1 + floor(random() * 4)::integer, 1) || substr(md5(random()::text), 1, 15))::uuid::text,
      p.project_id,
      code,
      left(coalesce(
        nullif(btrim(CASE WHEN jsonb_typeof(p.point) = 'object' THEN p.point ->> 'name' END), ''),
        p.design_unit_name || '工点' || p.n
      ), 60),
      'other',
      p.line_id,
      p.design_unit_id,
      p.container_id,
      CASE WHEN keep THEN mileage END,
      CASE WHEN mileage IS NOT NULL AND NOT keep THEN '原工点里程：' || mileage END,
      'system',
      'system'
    );
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "design_unit" DROP COLUMN "work_points";
--> statement-breakpoint
ALTER TABLE "work_site" DROP CONSTRAINT "work_site_design_unit_id_fkey";
--> statement-breakpoint
ALTER TABLE "work_site" ADD CONSTRAINT "work_site_design_unit_id_fkey" FOREIGN KEY ("design_unit_id") REFERENCES "design_unit"("design_unit_id");
--> statement-breakpoint
CREATE INDEX "work_site_design_unit_idx" ON "work_site" USING btree ("design_unit_id", "work_site_code");

"""Sessions in English with two or three categories."""


def register(session):
    @session(
        "h26-runbook-and-debt-migration-lock-ci",
        "tidewater",
        "2026-11-17T09:10:00",
        ["runbook", "tech_debt"],
        ["constraint", "preference"],
    )
    def _(s):
        s.user(
            "CI is red on main. The integration job hangs on the migrations and gets killed at the 10 minute timeout. "
            "It started right after Lena's PR with the new index on observations got merged."
        )
        s.bash(
            "gh run view --log-failed | grep -v '^\\s*$' | tail -n 12",
            "integration\tRun tests\t=== RUN   TestObservationsLatest\n"
            "integration\tRun tests\tmigrate: waiting for lock\n"
            "integration\tRun tests\t=== RUN   TestStationsNearby\n"
            "integration\tRun tests\tmigrate: applying 0014_observations_station_time_idx.up.sql\n"
            "integration\tRun tests\tpanic: test timed out after 10m0s\n"
            "integration\tRun tests\trunning tests:\n\t\tTestStationsNearby (9m58s)\n"
            "integration\tRun tests\tFAIL\tgithub.com/tidewater/tidewater/internal/api\t600.212s\n"
            "integration\tRun tests\tFAIL\tgithub.com/tidewater/tidewater/internal/store\t600.187s",
        )
        s.read("migrations/0014_observations_station_time_idx.up.sql", "CREATE INDEX CONCURRENTLY IF NOT EXISTS observations_station_time_idx\n    ON observations (station_id, observed_at DESC);")
        s.read(
            "internal/testutil/db.go",
            "// DB returns a pool on the shared test database with all migrations applied.\n"
            "func DB(t *testing.T) *pgxpool.Pool {\n\tt.Helper()\n\tmigrateOnce.Do(func() {\n"
            "\t\tif err := store.MigrateUp(os.Getenv(\"TEST_DATABASE_URL\")); err != nil {\n\t\t\tpanic(err)\n\t\t}\n\t})\n\t...",
        )
        s.say(
            "Found it. `go test ./...` runs packages as separate processes in parallel, and each one calls "
            "`store.MigrateUp` on the same database (`migrateOnce` only dedupes within one process). Until now that was "
            "harmless: migrate takes an advisory lock and the second process waited a moment. The new migration uses "
            "`CREATE INDEX CONCURRENTLY`, which has to wait for every other open transaction on the table to finish, "
            "and the other package's test transactions are open while it waits on the migration lock. So they wait for "
            "each other until the timeout.\n\n"
            "Quickest fix: run the packages one at a time in the integration job (`-p 1`). Let me confirm locally first."
        )
        s.bash(
            "docker compose up -d postgres-test && go test -p 1 -tags integration ./... 2>&1 | tail -n 6",
            "ok  \tgithub.com/tidewater/tidewater/internal/api\t41.204s\n"
            "ok  \tgithub.com/tidewater/tidewater/internal/noaa\t3.118s\n"
            "ok  \tgithub.com/tidewater/tidewater/internal/store\t58.730s\n"
            "ok  \tgithub.com/tidewater/tidewater/internal/testutil\t0.412s",
        )
        s.edit(
            ".github/workflows/ci.yml",
            "        run: go test -tags integration ./...",
            "        run: go test -p 1 -tags integration ./...",
        )
        s.bash(
            "git commit -qam 'ci: run integration packages sequentially (CREATE INDEX CONCURRENTLY deadlocks with parallel migrate)' && git push -q && sleep 420 && gh run list --limit 1",
            "STATUS  TITLE                                                                              WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "✓       ci: run integration packages sequentially (CREATE INDEX CONCURRENTLY deadlocks ...  CI        main    push   11893422051  6m41s    7m",
        )
        s.say(
            "CI is green again on main (6m41s). Root cause: parallel test packages each migrating the same database, "
            "which deadlocks once a migration uses `CREATE INDEX CONCURRENTLY`. Fix: `go test -p 1` in the integration "
            "job, verified locally and in CI."
        )
        s.user(
            "ok, -p 1 is fine for now but it makes the job slower and we're just hiding the problem. The proper fix is "
            "giving each package its own database cloned from a migrated template. Not today though. Write it down as "
            "tech debt so we don't forget why -p 1 is there."
        )
        s.edit(
            "docs/tech-debt.md",
            "# Known tech debt\n",
            "# Known tech debt\n\n"
            "## Integration tests run packages sequentially (`-p 1`)\n"
            "- Why: every package migrated the shared test database; with `CREATE INDEX CONCURRENTLY` (0014) parallel "
            "packages deadlock until the 10 min timeout.\n"
            "- Cost: the integration job takes about twice as long.\n"
            "- Fix: migrate once into a template database, then give each package `CREATE DATABASE ... TEMPLATE ...` "
            "in `testutil.DB`, and drop `-p 1`.\n",
        )
        s.edit(
            ".github/workflows/ci.yml",
            "        run: go test -p 1 -tags integration ./...",
            "        # -p 1: see docs/tech-debt.md (shared test database); remove once each package gets its own DB\n"
            "        run: go test -p 1 -tags integration ./...",
        )
        s.say("Written up in `docs/tech-debt.md` (cause, cost, and the template-database fix), with a comment on the `-p 1` line pointing there.")

    @session(
        "h27-decision-and-constraint-ios-size-cap",
        "quillpad",
        "2026-11-17T14:00:00",
        ["decision", "constraint"],
        ["runbook", "preference"],
    )
    def _(s):
        s.user(
            "App Store Connect says the iOS download is now 212MB. Above 200MB people on cellular get the 'this app is "
            "over 200MB' prompt and marketing has been very clear we can't ship with that: the download has to stay "
            "under 200MB. Where is all the weight coming from?"
        )
        s.bash(
            "unzip -l build/Quillpad.ipa | sort -k1 -n -r | head -n 8",
            " 38114304  Payload/Quillpad.app/assets/fonts/NotoSansCJK-*.otf (6 files)\n"
            " 26738112  Payload/Quillpad.app/assets/onboarding/intro-3.mp4\n"
            " 24117248  Payload/Quillpad.app/assets/onboarding/intro-2.mp4\n"
            " 21495808  Payload/Quillpad.app/Quillpad\n"
            " 14680064  Payload/Quillpad.app/main.jsbundle\n"
            "  9437184  Payload/Quillpad.app/Frameworks/hermes.framework/hermes\n"
            "  6291456  Payload/Quillpad.app/assets/onboarding/intro-1.mp4\n"
            "  4194304  Payload/Quillpad.app/assets/images/",
        )
        s.say(
            "The big items are assets, not code:\n"
            "- six Noto Sans CJK weights: 38 MB\n"
            "- three onboarding videos: 57 MB\n\n"
            "Ways to get under 200 MB:\n"
            "1. Subset the CJK fonts to the common characters (maybe 8 MB instead of 38)\n"
            "2. Ship no CJK fonts and download them on demand the first time a note contains CJK text\n"
            "3. Stream the onboarding videos instead of bundling them\n"
            "Any one of 1 or 2 plus nothing else probably gets us to about 180 MB."
        )
        s.user(
            "Let's go with downloading the CJK fonts on demand rather than subsetting. Subsetting breaks text people "
            "type in characters we didn't include, and for a notes app that's a non-starter. Keep the videos bundled "
            "for now, onboarding has to work offline."
        )
        s.edit(
            "app.json",
            "      \"assetBundlePatterns\": [\"assets/**/*\"],",
            "      \"assetBundlePatterns\": [\"assets/images/**/*\", \"assets/onboarding/**/*\", \"assets/fonts/Inter-*.ttf\"],",
        )
        s.write(
            "src/fonts/cjk.ts",
            "import * as Font from 'expo-font';\nimport * as FileSystem from 'expo-file-system';\n\n"
            "const CDN = 'https://assets.quillpad.app/fonts/noto-cjk/';\nconst WEIGHTS = ['Regular', 'Bold'] as const;\n\n"
            "/** Downloads and registers the CJK fonts the first time they're needed; later calls are no-ops. */\n"
            "export async function ensureCjkFonts(): Promise<void> {\n"
            "  for (const w of WEIGHTS) {\n    const local = `${FileSystem.documentDirectory}fonts/NotoSansCJK-${w}.otf`;\n"
            "    const info = await FileSystem.getInfoAsync(local);\n"
            "    if (!info.exists) await FileSystem.downloadAsync(`${CDN}NotoSansCJK-${w}.otf`, local);\n"
            "    await Font.loadAsync({ [`NotoSansCJK-${w}`]: local });\n  }\n}\n\n"
            "export const hasCjk = (text: string) => /[\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af]/.test(text);\n",
        )
        s.edit(
            "src/components/NoteEditor.tsx",
            "  const fontFamily = 'Inter';",
            "  const [cjkReady, setCjkReady] = useState(false);\n"
            "  useEffect(() => { if (hasCjk(body)) ensureCjkFonts().then(() => setCjkReady(true)); }, [body]);\n"
            "  const fontFamily = cjkReady ? 'NotoSansCJK-Regular' : 'Inter';",
        )
        s.bash("git rm -q --cached assets/fonts/NotoSansCJK-*.otf && npx jest src/fonts && eas build -p ios --profile preview --local 2>&1 | tail -n 2",
               "PASS src/fonts/cjk.test.ts\nBuild successful\nYou can find the build artifacts in /Users/ana/code/quillpad/build-1763389211.ipa")
        s.bash("xcrun altool --app-size-report build-1763389211.ipa 2>/dev/null | grep -i 'download size' | head -n 2",
               "Universal download size: 171.4 MB\niPhone 15 Pro download size: 169.8 MB")
        s.say(
            "Down to about 171 MB download. The CJK fonts are no longer bundled: `src/fonts/cjk.ts` downloads Noto Sans "
            "CJK Regular and Bold from our asset CDN the first time a note contains CJK text and caches them in the "
            "documents folder; the editor switches font once they're loaded. Videos are still bundled."
        )

    @session(
        "h28-summary-and-runbook-weekly-report-ssl-eof",
        "larchfield",
        "2026-11-18T08:45:00",
        ["session_summary", "runbook"],
        ["constraint", "preference"],
    )
    def _(s):
        s.user(
            "Main thing today is the weekly irrigation report asset for the agronomists. But first: last night's "
            "scheduled run failed, can you look at that?"
        )
        s.bash(
            "dagster run list --limit 3 && dagster run logs 8f3e2a1c --level ERROR | tail -n 8",
            "8f3e2a1c  daily_rollup  FAILURE  2026-11-18 02:00\n61bb09d4  daily_rollup  SUCCESS  2026-11-17 02:00\n\n"
            "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) SSL SYSCALL error: EOF detected\n"
            "[SQL: INSERT INTO rollup_runs (run_id, started_at) VALUES (%(run_id)s, %(started_at)s)]\n"
            "  File \"larchfield/resources/db.py\", line 27, in record_run\n",
        )
        s.read(
            "larchfield/resources/db.py",
            "class Postgres(ConfigurableResource):\n    url: str\n\n    @cached_property\n    def engine(self) -> Engine:\n"
            "        return create_engine(self.url, pool_size=5)",
        )
        s.bash(
            "grep -rn idle config/pgbouncer.ini infra/ 2>/dev/null | head",
            "infra/db-proxy.tf:14:  idle_client_timeout = 1800",
        )
        s.say(
            "The run failed on its first query. The engine keeps pooled connections open, and the DB proxy closes any "
            "connection idle for more than 30 minutes (`idle_client_timeout = 1800`). The code server process lives "
            "across runs, so the 02:00 run got a pooled connection that the proxy had already closed, hence \"SSL "
            "SYSCALL error: EOF detected\". SQLAlchemy's `pool_pre_ping` checks a connection before handing it out, and "
            "`pool_recycle` below the proxy timeout avoids handing out old ones at all."
        )
        s.edit(
            "larchfield/resources/db.py",
            "        return create_engine(self.url, pool_size=5)",
            "        # the DB proxy drops connections idle for 30 min (infra/db-proxy.tf); ping and recycle before that\n"
            "        return create_engine(self.url, pool_size=5, pool_pre_ping=True, pool_recycle=1500)",
        )
        s.write(
            "tests/resources/test_db_reconnect.py",
            "def test_engine_survives_server_side_disconnect(pg_proxy):\n    db = Postgres(url=pg_proxy.url)\n"
            "    with db.engine.connect() as c:\n        c.execute(text(\"select 1\"))\n    pg_proxy.drop_all_connections()\n"
            "    with db.engine.connect() as c:\n        assert c.execute(text(\"select 1\")).scalar() == 1\n",
        )
        s.bash("pytest -q tests/resources/test_db_reconnect.py", ".                                                                        [100%]\n1 passed in 2.31s")
        s.bash(
            "dagster job launch -m larchfield.definitions -j daily_rollup_job --tags '{\"dagster/partition\": \"2026-11-17\"}' && sleep 90 && dagster run list --limit 1",
            "Launched run 2c77d0e5\n2c77d0e5  daily_rollup  SUCCESS  2026-11-18 09:12",
        )
        s.say(
            "Fixed and verified: the engine now uses `pool_pre_ping=True, pool_recycle=1500`; a new test drops the "
            "connections behind the engine's back and checks the next query still works, and re-running the 2026-11-17 "
            "partition succeeded. Now the weekly report."
        )
        s.user(
            "thanks. for the report: one row per field per week, with total rainfall, total irrigation, mean VWC at 30cm, "
            "and the number of days VWC was below the field's refill point. Output as parquet plus a CSV the agronomists "
            "can open in Excel."
        )
        s.read(
            "larchfield/schema.py",
            "FIELDS = {\"field_id\": pl.Utf8, \"farm_id\": pl.Utf8, \"refill_point_pct\": pl.Float32, \"full_point_pct\": pl.Float32}",
        )
        s.write(
            "larchfield/sql/weekly_irrigation.sql",
            "select f.field_id, date_trunc('week', r.day) as week,\n  sum(w.rain_mm) as rain_mm,\n  sum(i.applied_mm) as irrigation_mm,\n"
            "  avg(r.vwc_mean) filter (where r.depth_cm = 30) as vwc30_mean,\n"
            "  count(distinct r.day) filter (where r.depth_cm = 30 and r.vwc_mean < f.refill_point_pct) as days_below_refill\n"
            "from rollups_daily r\njoin fields f using (field_id)\nleft join weather_daily w using (farm_id, day)\n"
            "left join irrigation_daily i using (field_id, day)\nwhere r.day >= $start and r.day < $end\ngroup by 1, 2\n",
        )
        s.write(
            "larchfield/assets/weekly_irrigation.py",
            "@asset(partitions_def=weekly, deps=[daily_rollup, weather_daily, irrigation_daily])\n"
            "def weekly_irrigation_report(context, duck: DuckDB) -> MaterializeResult:\n"
            "    start, end = context.partition_time_window\n"
            "    df = duck.query(load_sql(\"weekly_irrigation\"), start=start, end=end).pl()\n"
            "    out = REPORTS / f\"weekly_irrigation/{start:%G-W%V}\"\n"
            "    df.write_parquet(out.with_suffix(\".parquet\"))\n"
            "    df.write_csv(out.with_suffix(\".csv\"), separator=\";\", float_precision=1)  # Excel in de-DE opens ; files\n"
            "    return MaterializeResult(metadata={\"fields\": df.height})\n",
        )
        s.write(
            "tests/assets/test_weekly_irrigation.py",
            "def test_days_below_refill_counts_days_not_rows(duck_with_fixture):\n"
            "    df = run_weekly(duck_with_fixture, \"2026-11-09\")\n"
            "    row = df.filter(pl.col(\"field_id\") == \"wv-north\").row(0, named=True)\n"
            "    assert row[\"days_below_refill\"] == 3\n\n\n"
            "def test_csv_uses_semicolons(tmp_reports, duck_with_fixture):\n"
            "    run_weekly(duck_with_fixture, \"2026-11-09\")\n"
            "    assert \";\" in (tmp_reports / \"weekly_irrigation/2026-W46.csv\").read_text().splitlines()[0]\n",
        )
        s.bash("pytest -q tests/assets/test_weekly_irrigation.py", "..                                                                       [100%]\n2 passed in 1.94s")
        s.edit(
            "larchfield/definitions.py",
            "assets=[decagon_readings, sentek_readings, daily_rollup, weekly_report],",
            "assets=[decagon_readings, sentek_readings, daily_rollup, weekly_report, weekly_irrigation_report],",
        )
        s.edit(
            "larchfield/schedules.py",
            "schedules = [daily_rollup_schedule]",
            "weekly_irrigation_schedule = build_schedule_from_partitioned_job(\n"
            "    define_asset_job(\"weekly_irrigation_job\", selection=[weekly_irrigation_report]), hour_of_day=6, day_of_week=1)\n\n"
            "schedules = [daily_rollup_schedule, weekly_irrigation_schedule]",
        )
        s.bash(
            "dagster asset materialize -m larchfield.definitions --select weekly_irrigation_report --partition 2026-11-09 2>&1 | tail -n 1 && head -n 3 reports/weekly_irrigation/2026-W46.csv",
            "2026-11-18 11:03:37 +0000 - dagster - DEBUG - RUN_SUCCESS - Finished execution of run for \"weekly_irrigation_report\".\n"
            "field_id;week;rain_mm;irrigation_mm;vwc30_mean;days_below_refill\nwv-north;2026-11-09;12.4;0.0;33.1;0\nob-east;2026-11-09;9.8;18.0;24.6;3",
        )
        s.user("looks right. I need to jump into a meeting, wrap up for me")
        s.say(
            "Wrap-up:\n\n"
            "**Done**\n"
            "- Fixed last night's `daily_rollup` failure (stale pooled connection closed by the DB proxy): "
            "`pool_pre_ping` + `pool_recycle=1500` in `larchfield/resources/db.py`, a reconnect test, and the 2026-11-17 "
            "partition re-run successfully.\n"
            "- New `weekly_irrigation_report` asset (`larchfield/assets/weekly_irrigation.py`, query in "
            "`larchfield/sql/weekly_irrigation.sql`): per field and week, rain, irrigation, mean VWC at 30 cm and days "
            "below the refill point; parquet plus a semicolon CSV under `reports/weekly_irrigation/`.\n"
            "- Scheduled Mondays 06:00; week 46 materialised and looks right.\n\n"
            "**Open / next**\n"
            "- Fields without a 30 cm sensor get an empty `vwc30_mean`; ask the agronomists whether to fall back to 20 cm.\n"
            "- Email the CSV to the agronomists' list (the existing `weekly_report` mailer could take a second attachment).\n"
            "- Backfill weeks 40-45 once they've checked week 46."
        )

    @session(
        "h29-constraint-and-decision-firmware-size",
        "brassica",
        "2026-11-19T10:00:00",
        ["constraint", "decision"],
        ["tech_debt"],
    )
    def _(s):
        s.user(
            "The firmware with the new display driver doesn't fit anymore. The app partitions are 1.5MB each because we "
            "need two OTA slots in 4MB of flash, and the image is now 1.62MB. And we can't change the partition table on "
            "the 60 controllers already installed, re-partitioning over OTA isn't possible, so the image has to fit in "
            "1.5MB for good. What's eating the space?"
        )
        s.bash(
            "cargo bloat --release -n 12 --crates",
            " File  .text    Size Crate\n 9.8%  21.1% 158.9KiB std\n 7.4%  15.9% 119.6KiB esp_idf_svc\n"
            " 5.9%  12.7%  95.5KiB regex_automata\n 3.2%   6.9%  52.0KiB embedded_graphics\n"
            " 2.9%   6.2%  46.8KiB serde_json\n 2.6%   5.6%  42.3KiB regex_syntax\n 2.1%   4.5%  33.9KiB brassica\n"
            " 1.9%   4.1%  30.6KiB u8g2_fonts\n 1.4%   3.0%  22.6KiB mipidsi\n",
        )
        s.bash("grep -rn 'Regex::new' src/", "src/config.rs:44:    let host_re = Regex::new(r\"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$\").unwrap();")
        s.say(
            "The regex crates take about 138 KB, and they're used in exactly one place: validating the broker hostname in "
            "`config.rs`. Options:\n"
            "1. Replace that regex with a small hand-written check and drop `regex` (~138 KB)\n"
            "2. `opt-level = \"z\"` instead of `\"s\"`: usually another 5-10%\n"
            "3. Smaller fonts for the display\n\n"
            "Option 1 alone should get us to about 1.48 MB, which is too tight to be comfortable."
        )
        s.user(
            "Drop regex, a hostname check doesn't need it. And we're staying on opt-level \"s\", not \"z\": z made the "
            "PID loop miss its 100ms tick when we tried it in the spring. Instead, swap the u8g2 fonts for the 6x10 "
            "mono font from embedded-graphics, we only show numbers anyway."
        )
        s.edit(
            "src/config.rs",
            "    let host_re = Regex::new(r\"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$\").unwrap();\n"
            "    if !host_re.is_match(&host) {",
            "    if !valid_hostname(&host) {",
        )
        s.edit(
            "src/config.rs",
            "#[cfg(test)]",
            "fn valid_hostname(h: &str) -> bool {\n    !h.is_empty() && h.len() <= 253 && h.split('.').all(|label| {\n"
            "        let b = label.as_bytes();\n        !b.is_empty() && b.len() <= 63 && b[0] != b'-' && b[b.len() - 1] != b'-'\n"
            "            && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')\n    })\n}\n\n#[cfg(test)]",
        )
        s.edit("Cargo.toml", "regex = { version = \"1.11\", default-features = false, features = [\"std\"] }\n", "")
        s.edit("Cargo.toml", "u8g2-fonts = \"0.5\"\n", "")
        s.edit(
            "src/display/render.rs",
            "use u8g2_fonts::{fonts, FontRenderer};\n\nconst FONT: FontRenderer = FontRenderer::new::<fonts::u8g2_font_helvB12_tr>();",
            "use embedded_graphics::mono_font::{ascii::FONT_6X10, MonoTextStyle};\n\nconst STYLE: MonoTextStyle<'static, Rgb565> = MonoTextStyle::new(&FONT_6X10, Rgb565::WHITE);",
        )
        s.bash(
            "cargo test -p greenhouse-core --target x86_64-unknown-linux-gnu -q && cargo espflash save-image --release --chip esp32c3 /tmp/b.bin 2>&1 | grep size",
            "test result: ok. 45 passed; 0 failed\nApp/part. size:    1,389,120/1,572,864 bytes, 88.32%",
        )
        s.say(
            "The image is 1.39 MB now, 88% of a slot, with about 180 KB of headroom. `regex` is gone (hostname check is a "
            "small function in `config.rs` with tests), `u8g2-fonts` replaced by embedded-graphics' `FONT_6X10`, "
            "opt-level stays `\"s\"`."
        )

    @session(
        "h30-preference-and-debt-error-wrapping",
        "tidewater",
        "2026-11-19T15:30:00",
        ["preference", "tech_debt"],
        ["runbook", "constraint"],
    )
    def _(s):
        s.user(
            "While you're in internal/noaa: errors get wrapped with %w and a short lowercase prefix saying what we were "
            "doing, like fmt.Errorf(\"fetch predictions for %s: %w\", id, err). No pkg/errors, and no logging an error "
            "and then returning it too. That's how I want it across the whole repo."
        )
        s.bash(
            "grep -rn 'errors.Wrap\\|log.*err.*\\n.*return err' internal/noaa | head",
            "internal/noaa/client.go:58:\t\treturn nil, errors.Wrap(err, \"noaa request\")\n"
            "internal/noaa/client.go:71:\t\treturn nil, errors.Wrapf(err, \"decode %s\", station)",
        )
        s.edit("internal/noaa/client.go", "\t\treturn nil, errors.Wrap(err, \"noaa request\")", "\t\treturn nil, fmt.Errorf(\"request %s: %w\", req.URL.Path, err)")
        s.edit("internal/noaa/client.go", "\t\treturn nil, errors.Wrapf(err, \"decode %s\", station)", "\t\treturn nil, fmt.Errorf(\"decode predictions for %s: %w\", station, err)")
        s.bash("grep -rln 'github.com/pkg/errors' --include=*.go . | xargs -n1 sh -c 'echo $0 $(grep -c \"errors\\.Wrap\" $0)'",
               "./internal/legacy/harmonics/solve.go 27\n./internal/legacy/harmonics/constituents.go 13")
        s.say(
            "`internal/noaa` now wraps with `fmt.Errorf(\"...: %w\")`. The only other user of `pkg/errors` is "
            "`internal/legacy/harmonics` with 40 `Wrap` calls. Want me to convert those too?"
        )
        s.user(
            "no, leave harmonics alone for now. it gets rewritten when we drop the old harmonic model next quarter, no "
            "point polishing it. but put it on the debt list so nobody copies that style from there, and so we remember "
            "to drop pkg/errors from go.mod when it's gone."
        )
        s.edit(
            "docs/tech-debt.md",
            "## Integration tests run packages sequentially (`-p 1`)",
            "## internal/legacy/harmonics still uses pkg/errors\n"
            "- 40 `errors.Wrap` calls; the rest of the repo wraps with `fmt.Errorf(\"...: %w\")`. Don't copy the style.\n"
            "- Left alone on purpose: the package is rewritten when the old harmonic model is dropped next quarter.\n"
            "- When it goes: remove `github.com/pkg/errors` from go.mod.\n\n"
            "## Integration tests run packages sequentially (`-p 1`)",
        )
        s.bash("go build ./... && go vet ./internal/noaa/... && go test ./internal/noaa/...", "ok  \tgithub.com/tidewater/tidewater/internal/noaa\t0.812s")
        s.say("Done: `internal/noaa` follows the wrapping convention, and `docs/tech-debt.md` has an entry for `internal/legacy/harmonics` and the `pkg/errors` dependency.")

    @session(
        "h31-summary-decision-debt-offline-search",
        "quillpad",
        "2026-11-20T09:15:00",
        ["session_summary", "decision", "tech_debt"],
        ["runbook", "preference"],
    )
    def _(s):
        s.user("Goal for today: full-text search across notes, and it has to work offline. How would you do it?")
        s.say(
            "Two realistic options:\n\n"
            "1. **SQLite FTS5** through expo-sqlite: a virtual table `notes_fts` kept in sync by triggers, ranked with "
            "`bm25()`, snippets with `snippet()`. Works on any library size, nothing extra in JS memory.\n"
            "2. **MiniSearch** in JS: simple, fuzzy matching out of the box, but the whole index lives in JS memory and "
            "has to be rebuilt or deserialised on every cold start.\n\n"
            "We already store notes in SQLite, so FTS5 fits without moving data around."
        )
        s.user(
            "FTS5. Some people have notes that are novels, and I don't want the whole corpus in JS memory or a rebuild on "
            "every launch. Go."
        )
        s.write(
            "src/db/migrations/007_notes_fts.sql",
            "CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, content='notes', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');\n"
            "INSERT INTO notes_fts(rowid, title, body) SELECT rowid, title, body FROM notes;\n"
            "CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN\n  INSERT INTO notes_fts(rowid, title, body) VALUES (new.rowid, new.title, new.body);\nEND;\n"
            "CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN\n  INSERT INTO notes_fts(notes_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);\nEND;\n"
            "CREATE TRIGGER notes_au AFTER UPDATE ON notes BEGIN\n  INSERT INTO notes_fts(notes_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);\n"
            "  INSERT INTO notes_fts(rowid, title, body) VALUES (new.rowid, new.title, new.body);\nEND;\n",
        )
        s.edit("src/db/migrations/index.ts", "  m006_note_colors,\n];", "  m006_note_colors,\n  m007_notes_fts,\n];")
        s.write(
            "src/db/search.ts",
            "export type Hit = { id: string; title: string; snippet: string };\n\n"
            "export async function searchNotes(db: SQLiteDatabase, query: string, limit = 50): Promise<Hit[]> {\n"
            "  const match = toMatchExpression(query);\n  if (!match) return [];\n"
            "  return db.getAllAsync<Hit>(\n"
            "    `SELECT n.id, n.title, snippet(notes_fts, 1, '\\u0002', '\\u0003', '…', 12) AS snippet\n"
            "       FROM notes_fts JOIN notes n ON n.rowid = notes_fts.rowid\n"
            "      WHERE notes_fts MATCH ? ORDER BY bm25(notes_fts, 5.0, 1.0) LIMIT ?`, [match, limit]);\n}\n\n"
            "/** Each word becomes a prefix query; quotes are escaped so user input can't break the MATCH syntax. */\n"
            "export function toMatchExpression(q: string): string | null {\n"
            "  const words = q.trim().split(/\\s+/).filter(Boolean).map((w) => `\"${w.replace(/\"/g, '\"\"')}\"*`);\n"
            "  return words.length ? words.join(' ') : null;\n}\n",
        )
        s.write(
            "src/hooks/useSearch.ts",
            "export function useSearch(query: string) {\n  const db = useDb();\n  const debounced = useDebounce(query, 200);\n"
            "  return useQuery({ queryKey: ['search', debounced], queryFn: () => searchNotes(db, debounced), enabled: debounced.length > 1 });\n}\n",
        )
        s.write(
            "src/components/SearchResults.tsx",
            "export function SearchResults({ query }: { query: string }) {\n  const { data = [] } = useSearch(query);\n"
            "  return <FlatList data={data} keyExtractor={(h) => h.id} renderItem={({ item }) => <SearchHit hit={item} />} />;\n}\n",
        )
        s.write(
            "src/components/SearchHit.tsx",
            "/** Renders the FTS snippet, with \\u0002...\\u0003 marking the matched words. */\n"
            "export function SearchHit({ hit }: { hit: Hit }) {\n  const parts = hit.snippet.split(/(\\u0002[^\\u0003]*\\u0003)/);\n"
            "  return (\n    <View style={styles.row}>\n      <Text style={styles.title}>{hit.title}</Text>\n      <Text numberOfLines={2}>\n"
            "        {parts.map((p, i) => p.startsWith('\\u0002') ? <Text key={i} style={styles.mark}>{p.slice(1, -1)}</Text> : p)}\n"
            "      </Text>\n    </View>\n  );\n}\n",
        )
        s.edit(
            "app/(tabs)/index.tsx",
            "      <NoteList ids={ids} onSelect={select} />",
            "      <SearchBar value={query} onChange={setQuery} />\n"
            "      {query.length > 1 ? <SearchResults query={query} /> : <NoteList ids={ids} onSelect={select} />}",
        )
        s.write(
            "src/db/search.test.ts",
            "test('prefix match ranks title hits first', async () => {\n  const db = await memoryDb(fixtures.notes);\n"
            "  const hits = await searchNotes(db, 'garde');\n  expect(hits[0].title).toBe('Garden plan');\n});\n\n"
            "test('quotes in the query are escaped', () => {\n  expect(toMatchExpression('say \"hi')).toBe('\"say\"* \"\"\"hi\"*');\n});\n\n"
            "test('highlights Japanese text', async () => {\n  const db = await memoryDb([{ id: 'j', title: '買い物', body: '明日は牛乳と卵を買う' }]);\n"
            "  const hits = await searchNotes(db, '牛乳');\n  expect(hits[0]?.snippet).toContain('\\u0002牛乳\\u0003');\n});\n",
        )
        s.bash(
            "npx jest src/db",
            "PASS src/db/migrations.test.ts\nFAIL src/db/search.test.ts\n  ✓ prefix match ranks title hits first (41 ms)\n"
            "  ✓ quotes in the query are escaped (2 ms)\n  ✕ highlights Japanese text (12 ms)\n\n"
            "  ● highlights Japanese text\n    TypeError: Cannot read properties of undefined (reading 'snippet')\n\n"
            "Tests:       1 failed, 5 passed, 6 total",
        )
        s.say(
            "English search and ranking work. Japanese (and Chinese, Korean) doesn't: the `unicode61` tokenizer splits on "
            "spaces and punctuation, and CJK text has no spaces, so `明日は牛乳と卵を買う` is one single token and `牛乳` "
            "never matches. Fixes would be the `trigram` tokenizer (needs SQLite 3.34+, bigger index, no matches under "
            "three characters) or segmenting CJK text ourselves before indexing. Both are a chunk of work."
        )
        s.user(
            "ugh. ship it without CJK for now, most of our users write in English or Spanish. mark the test as a known "
            "failure and put CJK search on the debt list, we'll look at trigram after the beta."
        )
        s.edit(
            "src/db/search.test.ts",
            "test('highlights Japanese text', async () => {",
            "// Known gap: unicode61 does not segment CJK text, see docs/tech-debt.md (CJK search).\ntest.failing('highlights Japanese text', async () => {",
        )
        s.edit(
            "docs/tech-debt.md",
            "# Tech debt\n",
            "# Tech debt\n\n"
            "## CJK search doesn't match words inside a sentence\n"
            "- FTS5 `unicode61` splits on whitespace, so Japanese/Chinese/Korean sentences are one token.\n"
            "- Deferred until after the beta (most users write in Latin scripts).\n"
            "- Candidate fix: the `trigram` tokenizer for a second FTS table used when the query contains CJK; measure index size.\n"
            "- Done when the `test.failing('highlights Japanese text')` test passes as a normal test.\n",
        )
        s.bash("npx jest src/db src/components && npx tsc --noEmit",
               "PASS src/db/migrations.test.ts\nPASS src/db/search.test.ts\nPASS src/components/SearchHit.test.tsx\n\nTests:       8 passed, 8 total")
        s.bash("npx expo run:ios --configuration Release 2>&1 | tail -n 1", "› Build Succeeded\n› Installing on iPhone 15 simulator\n› Opening on iPhone 15 simulator")
        s.user("search works in the simulator. let's call it a day, summary please")
        s.say(
            "Today:\n\n"
            "**Done**\n"
            "- Offline full-text search on SQLite FTS5: migration `007_notes_fts.sql` (virtual table plus insert/update/"
            "delete triggers, existing notes indexed), `searchNotes` with prefix matching, escaped input and `bm25` "
            "ranking with titles weighted 5x (`src/db/search.ts`)\n"
            "- `useSearch` hook with a 200 ms debounce, `SearchResults` and `SearchHit` (highlighted snippets), search bar "
            "on the notes tab\n"
            "- tests pass, release build runs in the simulator\n\n"
            "**Known gap**\n"
            "- CJK text isn't searchable inside sentences; recorded in `docs/tech-debt.md`, test marked `test.failing`.\n\n"
            "**Next**\n"
            "1. Try on a device with a large library (5,000+ notes) and check the migration time on first launch\n"
            "2. Empty state and \"no results\" copy for the search screen\n"
            "3. After the beta: trigram tokenizer experiment for CJK"
        )

    @session(
        "h32-runbook-and-constraint-runner-oom",
        "larchfield",
        "2026-11-21T10:20:00",
        ["runbook", "constraint"],
        ["preference", "tech_debt"],
    )
    def _(s):
        s.user(
            "The monthly yield-correlation job died on the runner: `Error: Process completed with exit code 137.` Context: "
            "it runs on our self-hosted runner, and every job there is limited to 4GB by the cgroup config. Ops won't "
            "raise that, the box is shared with the billing jobs, so whatever we do has to fit in 4GB."
        )
        s.bash(
            "gh run view 11923008812 --log | grep -i 'memory\\|killed\\|rows' | tail -n 5",
            "yield_correlation\tRun job\tloading readings 2025-09-01..2026-10-31\n"
            "yield_correlation\tRun job\tloaded 412,339,020 rows\n"
            "yield_correlation\tRun job\t##[error]Process completed with exit code 137.",
        )
        s.read(
            "larchfield/jobs/yield_correlation.py",
            "def run(start: date, end: date) -> pl.DataFrame:\n"
            "    readings = pl.read_parquet(f\"{RAW}/readings/*/*.parquet\").filter(pl.col(\"ts\").is_between(start, end))\n"
            "    log.info(\"loaded %s rows\", f\"{readings.height:,}\")\n"
            "    daily = readings.group_by(\"field_id\", pl.col(\"ts\").dt.date().alias(\"day\")).agg(pl.col(\"vwc_pct\").mean())\n"
            "    return daily.join(yields(), on=\"field_id\").pipe(correlate)",
        )
        s.say(
            "Exit code 137 is SIGKILL, here from the cgroup's OOM killer. The job reads 14 months of raw readings, 412 "
            "million rows, into memory before filtering; that's around 9 GB in Polars. Only the daily means per field "
            "are needed, so a lazy scan that filters and aggregates in streaming mode never holds the raw rows."
        )
        s.edit(
            "larchfield/jobs/yield_correlation.py",
            "    readings = pl.read_parquet(f\"{RAW}/readings/*/*.parquet\").filter(pl.col(\"ts\").is_between(start, end))\n"
            "    log.info(\"loaded %s rows\", f\"{readings.height:,}\")\n"
            "    daily = readings.group_by(\"field_id\", pl.col(\"ts\").dt.date().alias(\"day\")).agg(pl.col(\"vwc_pct\").mean())",
            "    # the runner caps each job at 4 GB: never materialise raw readings, aggregate while scanning\n"
            "    daily = (\n        pl.scan_parquet(f\"{RAW}/readings/*/*.parquet\")\n"
            "        .filter(pl.col(\"ts\").is_between(start, end))\n"
            "        .group_by(\"field_id\", pl.col(\"ts\").dt.date().alias(\"day\"))\n        .agg(pl.col(\"vwc_pct\").mean())\n"
            "        .collect(engine=\"streaming\")\n    )\n    log.info(\"daily rows: %s\", f\"{daily.height:,}\")",
        )
        s.bash(
            "systemd-run --user --scope -p MemoryMax=4G -p MemorySwapMax=0 /usr/bin/time -v python -m larchfield.jobs.yield_correlation --start 2025-09-01 --end 2026-10-31 2>&1 | grep -E 'daily rows|Maximum resident|Elapsed'",
            "daily rows: 161,220\n\tElapsed (wall clock) time (h:mm:ss or m:ss): 6:12.44\n\tMaximum resident set size (kbytes): 2187344",
        )
        s.bash("pytest -q tests/jobs/test_yield_correlation.py", "...                                                                      [100%]\n3 passed in 2.88s")
        s.bash(
            "git commit -qam 'yield_correlation: aggregate while scanning (4 GB runner cap)' && git push -q && gh workflow run yield-correlation.yml && sleep 480 && gh run list -w yield-correlation.yml --limit 1",
            "STATUS  TITLE                                                      WORKFLOW            BRANCH  EVENT              ID           ELAPSED  AGE\n"
            "✓       yield_correlation: aggregate while scanning (4 GB run...   yield-correlation   main    workflow_dispatch  11931477190  7m2s     8m",
        )
        s.say(
            "Fixed. Peak memory is 2.1 GB under a 4 GB limit locally (same months as the failed run, 6 minutes), tests "
            "pass, and the re-run on the runner succeeded.\n\n"
            "- Cause: `read_parquet` loaded all 412 M raw rows (~9 GB) before filtering; the runner's 4 GB cgroup limit "
            "killed it (exit 137).\n"
            "- Fix: `scan_parquet` + filter + group-by collected with the streaming engine, so only the 161 k daily rows "
            "are ever in memory."
        )
        s.user("green, nice.")
        s.say("👍")

    @session(
        "h33-runbook-and-debt-i2c-bus-recovery",
        "brassica",
        "2026-11-21T16:40:00",
        ["runbook", "tech_debt"],
        ["decision", "preference"],
    )
    def _(s):
        s.user(
            "The SHT31 reads fail with ESP_ERR_TIMEOUT about once an hour, and after the first failure every single read "
            "fails until I power-cycle the board. Log excerpt:\n"
            "```\nW (3601220) brassica::sensors: sht31 read failed: ESP_ERR_TIMEOUT\n"
            "W (3611224) brassica::sensors: sht31 read failed: ESP_ERR_TIMEOUT\nW (3621229) brassica::sensors: sht31 read failed: ESP_ERR_TIMEOUT\n```"
        )
        s.bash(
            "cargo espflash monitor 2>&1 | timeout 5 cat & sleep 1; echo 'gpio_dump 4 5' > /dev/ttyACM0; sleep 2; tail -n 2 /tmp/brassica-serial.log",
            "I (3700112) brassica::diag: GPIO4 (SDA) level=0\nI (3700113) brassica::diag: GPIO5 (SCL) level=1",
        )
        s.say(
            "SDA is stuck low while SCL is high: the sensor is holding the data line in the middle of a byte, usually after "
            "a glitch on the clock line ate a clock pulse. The ESP's I2C driver never gets the bus back on its own, which "
            "is why it stays broken until power-off. The standard recovery is to clock SCL manually up to nine times until "
            "the sensor releases SDA, send a STOP condition, then re-create the driver."
        )
        s.write(
            "src/sensors/i2c_recovery.rs",
            "/// Frees a bus where a slave holds SDA low: up to 9 clock pulses on SCL, then a STOP.\n"
            "pub fn recover_bus(scl: &mut PinDriver<'_, AnyIOPin, InputOutput>, sda: &mut PinDriver<'_, AnyIOPin, InputOutput>) -> bool {\n"
            "    for _ in 0..9 {\n        if sda.is_high() { break; }\n        scl.set_low().ok();\n        Ets::delay_us(5);\n"
            "        scl.set_high().ok();\n        Ets::delay_us(5);\n    }\n"
            "    // STOP: SDA low -> high while SCL is high\n    sda.set_low().ok();\n    Ets::delay_us(5);\n    scl.set_high().ok();\n"
            "    Ets::delay_us(5);\n    sda.set_high().ok();\n    sda.is_high()\n}\n",
        )
        s.edit(
            "src/sensors/sht31.rs",
            "            Err(e) => {\n                log::warn!(\"sht31 read failed: {e}\");\n                return Err(e.into());\n            }",
            "            Err(e) if e.code() == ESP_ERR_TIMEOUT => {\n                log::warn!(\"sht31 read timed out, recovering the bus\");\n"
            "                self.bus.recover()?; // releases the driver, clocks the bus free, re-creates the driver\n"
            "                return Err(e.into());\n            }\n"
            "            Err(e) => {\n                log::warn!(\"sht31 read failed: {e}\");\n                return Err(e.into());\n            }",
        )
        s.bash("cargo build --release 2>&1 | tail -n 1 && cargo espflash flash --release", "    Finished `release` profile [optimized] target(s) in 41.08s\nFlashing has completed!")
        s.say(
            "Flashed. To check it without waiting an hour: briefly short SDA to GND with a jumper while it runs, which "
            "reproduces the stuck bus. You should see one timeout, a recovery, and the next read succeed."
        )
        s.user(
            "did the jumper thing 3 times, it recovers every time within one poll. also left it overnight: 6 recoveries, no "
            "reboot needed, no gaps longer than 20s in the data. so that works.\n\n"
            "the real culprit is almost certainly the 3m unshielded cable to the sensor though, the recovery is a "
            "band-aid. a hardware rev with a shielded cable or a differential I2C extender is out of scope until the spring "
            "batch. let's make sure that's written down somewhere."
        )
        s.edit(
            "docs/hardware-notes.md",
            "# Hardware notes\n",
            "# Hardware notes\n\n"
            "## Known issue: I2C bus lock-ups on the SHT31 line (open)\n"
            "- Symptom: ESP_ERR_TIMEOUT on every SHT31 read after a glitch, SDA held low by the sensor.\n"
            "- Mitigation in firmware: bus recovery (9 clocks + STOP, driver re-created) in `src/sensors/i2c_recovery.rs`; about 6 recoveries a night.\n"
            "- Real cause: 3 m unshielded cable to the sensor picks up noise.\n"
            "- Deferred to the spring hardware batch: shielded cable or a differential I2C extender (e.g. PCA9615). Remove the reliance on recovery then and check the recovery count drops to ~0.\n",
        )
        s.say(
            "Written down in `docs/hardware-notes.md`: the symptom, the firmware recovery as a mitigation, the cable as "
            "the real cause, and the hardware fix deferred to the spring batch with how to check it."
        )

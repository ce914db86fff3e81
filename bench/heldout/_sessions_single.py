"""Sessions in English with one category each."""


def register(session):
    # ------------------------------------------------------------------ decision
    @session(
        "h12-decision-pgxpool-agreed",
        "tidewater",
        "2026-11-02T13:10:00",
        ["decision"],
        ["runbook", "constraint", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "The station lookup code uses database/sql with lib/pq and the array handling is driving me nuts "
            "(pq.Array everywhere). lib/pq is in maintenance mode anyway. Should we move to pgx? And if so, "
            "native pgx or pgx through the database/sql adapter?"
        )
        s.bash("grep -rn 'pq\\.' internal/ | wc -l", "23")
        s.bash(
            "grep -rln 'database/sql' internal/",
            "internal/store/stations.go\ninternal/store/predictions.go\ninternal/store/db.go\ninternal/store/observations.go",
        )
        s.say(
            "All four files under `internal/store` go through `database/sql`, with 23 `pq.` call sites.\n\n"
            "Options:\n"
            "1. **pgx v5 native (`pgxpool`)**: arrays map to Go slices directly, `CopyFrom` for bulk inserts, "
            "better error types (`*pgconn.PgError`), and a bit faster. Cost: every `*sql.DB` and `sql.Rows` in "
            "`internal/store` changes, roughly 300 lines.\n"
            "2. **pgx through `pgx/v5/stdlib`**: swap the driver only, almost no code change, but we keep "
            "`database/sql`'s scanning and still need wrappers for arrays.\n"
            "3. Stay on lib/pq: works, but no new features and the array pain stays.\n\n"
            "Since we only ever talk to Postgres, option 1 gives the most for the effort."
        )
        s.user(
            "Agreed: pgxpool directly, not the database/sql adapter, because we're never going to run on anything "
            "but postgres and I want native arrays and CopyFrom for the prediction imports. Go ahead and convert "
            "the whole store package."
        )
        s.bash("go get github.com/jackc/pgx/v5@v5.7.1 && go mod tidy", "go: added github.com/jackc/pgx/v5 v5.7.1\ngo: added github.com/jackc/puddle/v2 v2.2.2")
        s.edit(
            "internal/store/db.go",
            'import (\n\t"database/sql"\n\n\t_ "github.com/lib/pq"\n)\n\ntype DB struct {\n\tsql *sql.DB\n}',
            'import (\n\t"context"\n\n\t"github.com/jackc/pgx/v5/pgxpool"\n)\n\ntype DB struct {\n\tpool *pgxpool.Pool\n}',
        )
        s.edit(
            "internal/store/stations.go",
            "\trows, err := d.sql.QueryContext(ctx, q, pq.Array(ids))",
            "\trows, err := d.pool.Query(ctx, q, ids)",
        )
        s.edit(
            "internal/store/predictions.go",
            "\tfor _, p := range preds {\n\t\tif _, err := stmt.ExecContext(ctx, p.StationID, p.At, p.HeightM); err != nil {\n\t\t\treturn err\n\t\t}\n\t}",
            '\t_, err := d.pool.CopyFrom(ctx, pgx.Identifier{"predictions"}, []string{"station_id", "at", "height_m"},\n'
            "\t\tpgx.CopyFromSlice(len(preds), func(i int) ([]any, error) {\n\t\t\treturn []any{preds[i].StationID, preds[i].At, preds[i].HeightM}, nil\n\t\t}))\n\treturn err",
        )
        s.edit(
            "internal/store/observations.go",
            "\trow := d.sql.QueryRowContext(ctx, q, stationID)",
            "\trow := d.pool.QueryRow(ctx, q, stationID)",
        )
        s.bash("go build ./... && go test ./internal/store/...", "ok  \tgithub.com/tidewater/tidewater/internal/store\t2.914s")
        s.bash("go mod tidy && grep -c lib/pq go.mod || true", "0")
        s.say(
            "Done. `internal/store` now uses `pgxpool` throughout:\n"
            "- `db.go` opens a `pgxpool.Pool` instead of `sql.DB`; lib/pq is gone from go.mod\n"
            "- `stations.go` passes `[]string` ids directly, no more `pq.Array`\n"
            "- `predictions.go` imports predictions with `CopyFrom` instead of a prepared statement loop\n"
            "- store tests pass"
        )

    @session(
        "h13-decision-zustand-it-is",
        "quillpad",
        "2026-11-03T10:05:00",
        ["decision"],
        ["runbook", "constraint", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "The notes list re-renders like crazy every time you type in the editor, I think because everything "
            "hangs off NotesContext. I've been eyeing Zustand and Jotai. You've seen the code, which one fits better?"
        )
        s.read(
            "src/context/NotesContext.tsx",
            "export const NotesContext = createContext<NotesState | null>(null);\n\n"
            "export function NotesProvider({ children }: { children: React.ReactNode }) {\n"
            "  const [notes, setNotes] = useState<Record<string, Note>>({});\n"
            "  const [selectedId, setSelectedId] = useState<string | null>(null);\n"
            "  const value = { notes, selectedId, setSelectedId, upsert, remove, rename };\n"
            "  return <NotesContext.Provider value={value}>{children}</NotesContext.Provider>;\n}",
        )
        s.say(
            "The context value is a new object on every keystroke, so every consumer re-renders, including "
            "each `NoteCard`.\n\n"
            "- **Zustand**: one store with `notes`, `selectedId` and the actions, components subscribe with "
            "selectors (`useNotes(s => s.notes[id])`). That maps almost one-to-one onto the current provider.\n"
            "- **Jotai**: atoms per piece of state, an `atomFamily` per note. Very granular, but we'd restructure "
            "more, and derived state like the sorted list becomes derived atoms.\n\n"
            "Both fix the re-renders. Zustand is the smaller move from where the code is."
        )
        s.user(
            "Zustand it is. The selector model is the closest to what we have, and Ana already knows it from the "
            "web app. Go ahead and migrate the notes state."
        )
        s.bash("npx expo install zustand", "› Installing 1 SDK 52.0.0 compatible native module using npm\n> npm install\n\nadded 1 package, and audited 1198 packages in 4s")
        s.write(
            "src/store/notes.ts",
            "import { create } from 'zustand';\nimport type { Note } from '../types';\n\n"
            "type NotesStore = {\n  notes: Record<string, Note>;\n  selectedId: string | null;\n"
            "  select: (id: string | null) => void;\n  upsert: (note: Note) => void;\n  remove: (id: string) => void;\n};\n\n"
            "export const useNotes = create<NotesStore>()((set) => ({\n  notes: {},\n  selectedId: null,\n"
            "  select: (id) => set({ selectedId: id }),\n"
            "  upsert: (note) => set((s) => ({ notes: { ...s.notes, [note.id]: note } })),\n"
            "  remove: (id) => set((s) => { const { [id]: _, ...rest } = s.notes; return { notes: rest }; }),\n}));\n",
        )
        s.edit(
            "src/components/NoteCard.tsx",
            "  const { notes } = useContext(NotesContext)!;\n  const note = notes[id];",
            "  const note = useNotes((s) => s.notes[id]);",
        )
        s.edit(
            "app/(tabs)/index.tsx",
            "  const { notes, setSelectedId } = useContext(NotesContext)!;",
            "  const ids = useNotes(useShallow((s) => Object.keys(s.notes)));\n  const select = useNotes((s) => s.select);",
        )
        s.bash("rm src/context/NotesContext.tsx && npx tsc --noEmit && npx jest src/store src/components", "PASS src/store/notes.test.ts\nPASS src/components/NoteCard.test.tsx\n\nTest Suites: 2 passed, 2 total\nTests:       11 passed, 11 total")
        s.say(
            "Migrated. Notes state lives in `src/store/notes.ts` (Zustand); `NoteCard` subscribes to its own note "
            "only and the list subscribes to the id list with `useShallow`, so typing in the editor re-renders just "
            "the card being edited. `NotesContext` is removed, types check, tests pass."
        )

    @session(
        "h14-decision-switched-to-duckdb",
        "larchfield",
        "2026-11-04T09:40:00",
        ["decision"],
        ["runbook", "constraint", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Heads up before you touch the aggregation code: I switched the daily rollups from pandas to DuckDB "
            "last night because the pandas version took 40 minutes on the big farms and needed the whole month in "
            "memory. DuckDB reads the parquet files directly and does the same rollup in under two minutes. Can you "
            "update the rollups section in docs/architecture.md, and delete the old pandas helper if nothing calls it "
            "anymore?"
        )
        s.bash("grep -rn 'rollup_pandas' --include=*.py .", "larchfield/aggregate/legacy.py:12:def rollup_pandas(df: pd.DataFrame) -> pd.DataFrame:")
        s.bash("grep -n -A6 '## Daily rollups' docs/architecture.md", "41:## Daily rollups\n42:\n43:The `daily_rollup` asset loads the month's readings into pandas, resamples\n44:them to one row per probe per day (mean, min, max of VWC and soil temperature)\n45:and writes the result to `rollups/daily/`.")
        s.edit(
            "docs/architecture.md",
            "The `daily_rollup` asset loads the month's readings into pandas, resamples\n"
            "them to one row per probe per day (mean, min, max of VWC and soil temperature)\nand writes the result to `rollups/daily/`.",
            "The `daily_rollup` asset runs one DuckDB query over the raw parquet files\n"
            "(`read_parquet('raw/readings/*/*.parquet')`), grouping by probe and day (mean, min,\n"
            "max of VWC and soil temperature), and writes the result to `rollups/daily/`.\n"
            "It replaced a pandas version that loaded the whole month into memory and took\n"
            "about 40 minutes on the largest farms; DuckDB takes under two minutes.",
        )
        s.bash("git rm -q larchfield/aggregate/legacy.py && pytest -q tests/aggregate", "........                                                                 [100%]\n8 passed in 3.41s")
        s.say(
            "Done: the rollups section in `docs/architecture.md` now describes the DuckDB query and why it replaced "
            "pandas, and `larchfield/aggregate/legacy.py` (the only home of `rollup_pandas`, no callers) is deleted. "
            "Aggregate tests pass."
        )

    # ------------------------------------------------------------------ runbook
    @session(
        "h15-runbook-fly-health-check-loopback",
        "tidewater",
        "2026-11-05T14:00:00",
        ["runbook"],
        ["decision", "constraint", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "deploy to fly just failed, the new machine never goes healthy and fly rolls back. from the logs:\n"
            "```\n"
            "2026-11-05T13:58:02Z app[3d8d7e1f] ams [info] tidewater listening on 127.0.0.1:8080\n"
            "2026-11-05T13:59:03Z health[3d8d7e1f] ams [error] Health check on port 8080 has failed. Your app is not responding properly.\n"
            "```"
        )
        s.bash(
            "grep -rn '127.0.0.1' cmd internal fly.toml",
            'internal/config/config.go:31:\tListenAddr: envOr("LISTEN_ADDR", "127.0.0.1:8080"),',
            text="The app is listening on loopback. On Fly the proxy and the health checks reach the machine over its "
            "network interface, not 127.0.0.1, so nothing can connect. Let me see where the address comes from.",
        )
        s.bash(
            "git log -3 --format='%h %an %s' -- internal/config/config.go",
            "a41c9e2 Lena Park config: default to loopback so local runs don't expose the port\n7be02d1 Maya Chen config: env-driven settings",
        )
        s.read("fly.toml", 'app = "tidewater"\nprimary_region = "ams"\n\n[env]\n  LOG_LEVEL = "info"\n\n[http_service]\n  internal_port = 8080\n  force_https = true')
        s.edit(
            "fly.toml",
            '[env]\n  LOG_LEVEL = "info"',
            '[env]\n  LOG_LEVEL = "info"\n  LISTEN_ADDR = "0.0.0.0:8080"',
            text="Lena's change made loopback the default, which is right for laptops. The deploy needs to override it, "
            "so I'll set it in fly.toml and keep the safe local default.",
        )
        s.bash(
            "fly deploy --strategy rolling",
            "==> Verifying app config\n--> Verified app config\n==> Building image\n...\n"
            "> Updating machine 3d8d7e1f [app]\n> Waiting for 3d8d7e1f [app] to become healthy: 0/1\n"
            "> Waiting for 3d8d7e1f [app] to become healthy: 1/1\n> Machine 3d8d7e1f [app] update finished: success\n"
            "Visit your newly deployed app at https://tidewater.fly.dev/",
        )
        s.bash("fly checks list && curl -s -o /dev/null -w '%{http_code}\\n' https://tidewater.fly.dev/healthz",
               "Health Checks for tidewater\n  NAME                     | STATUS  | MACHINE        | LAST UPDATED \n"
               "  servicecheck-00-http-8080 | passing | 3d8d7e1f       | 12s ago\n200")
        s.say(
            "Deployed and healthy.\n\n"
            "- Cause: commit a41c9e2 changed the default `LISTEN_ADDR` to `127.0.0.1:8080`; on Fly the proxy and health "
            "checks connect over the machine's interface, so a loopback-only server never answers.\n"
            "- Fix: `LISTEN_ADDR = \"0.0.0.0:8080\"` in the `[env]` section of `fly.toml`; local runs keep the loopback default.\n"
            "- Check: `fly checks list` shows the http check passing, `/healthz` returns 200."
        )
        s.user("confirmed, /v1/tides/9414290 returns data again. thanks!")
        s.say("Great.")

    @session(
        "h16-runbook-esp32-task-stack-overflow",
        "brassica",
        "2026-11-06T19:15:00",
        ["runbook"],
        ["decision", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "the board reboots ~10 seconds after boot ever since I added the SHT31 polling task. serial says:\n"
            "```\n***ERROR*** A stack overflow in task sensor_poll has been detected.\n\n"
            "Backtrace: 0x40382f4e:0x3fc9a1b0 0x4038d0a1:0x3fc9a1d0 0x40385c2e:0x3fc9a1f0\n\nELF file SHA256: 6a1f0e9c2b...\n"
            "Rebooting...\n```"
        )
        s.read(
            "src/sensors/task.rs",
            "pub fn spawn_poll(sensors: Sensors, tx: Sender<Reading>) -> JoinHandle<()> {\n"
            "    std::thread::Builder::new()\n        .name(\"sensor_poll\".into())\n        .stack_size(2048)\n"
            "        .spawn(move || loop {\n            let r = sensors.read_all();\n"
            "            log::info!(\"t={:.2} rh={:.1} co2={}\", r.temp_c, r.rh, r.co2_ppm);\n"
            "            tx.send(r).ok();\n            std::thread::sleep(Duration::from_secs(10));\n        })\n        .unwrap()\n}",
        )
        s.edit(
            "src/sensors/task.rs",
            "        .stack_size(2048)",
            "        .stack_size(6144)",
            text="The task gets 2 KB of stack. Float formatting in `log::info!` alone can use more than 1 KB on the C3, and the "
            "I2C driver's call chain comes on top, so the first log after a read overflows it. I'll raise the stack and "
            "log the high-water mark to see the real headroom.",
        )
        s.edit(
            "src/sensors/task.rs",
            "            tx.send(r).ok();",
            "            tx.send(r).ok();\n"
            "            let free = unsafe { esp_idf_sys::uxTaskGetStackHighWaterMark(core::ptr::null_mut()) };\n"
            "            log::debug!(\"sensor_poll stack free: {} bytes\", free);",
        )
        s.bash(
            "cargo espflash flash --release --monitor 2>&1 | tail -n 8",
            "I (3121) brassica: wifi connected, ip 192.168.4.37\n"
            "I (3304) brassica::sensors: t=23.41 rh=61.2 co2=712\n"
            "D (3305) brassica::sensors: sensor_poll stack free: 2412 bytes\n"
            "I (13310) brassica::sensors: t=23.43 rh=61.0 co2=715\n"
            "D (13311) brassica::sensors: sensor_poll stack free: 2412 bytes\n"
            "I (23316) brassica::sensors: t=23.42 rh=61.1 co2=714\n",
        )
        s.say(
            "No reboot past the 10 s mark now, and the high-water mark says 2.4 KB of the 6 KB stay unused, so the task "
            "needed about 3.7 KB. Leave it running for a while to be sure."
        )
        s.user("left it on for an hour, no resets. 👍")
        s.say(
            "Good. For the record: `sensor_poll` overflowed its 2 KB stack (float formatting in the log line plus the "
            "I2C calls); fixed by `stack_size(6144)` in `src/sensors/task.rs`, checked with the stack high-water mark "
            "(about 2.4 KB free) and an hour without resets."
        )

    # ------------------------------------------------------------------ constraint
    @session(
        "h17-constraint-ring-buffer-ram-cap",
        "brassica",
        "2026-11-07T09:00:00",
        ["constraint"],
        ["session_summary", "runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Before you start on the offline data logger, some ground rules. The C3 has 400KB of SRAM and once Wi-Fi "
            "and the TLS stack are up we've measured about 120KB free. The reading buffer can't use more than 32KB, "
            "period. Jonas tried 64KB last month and the MQTT TLS handshake started failing with allocation errors. "
            "Also no heap allocation anywhere in the ISR path, ever."
        )
        s.say(
            "Understood: the buffer gets at most 32 KB, allocated statically, and nothing reachable from an interrupt "
            "handler allocates.\n\n"
            "With a packed 16-byte record (u32 timestamp, i16 temperature in centi-degrees, u16 humidity, u16 soil, "
            "u16 CO2, u32 flags) that's 2,048 readings, which at one reading every 30 s covers about 17 hours offline. "
            "Should I go ahead with that layout?"
        )
        s.user("yes, but only sketch the struct for now, I'll write the logger itself tomorrow")
        s.say(
            "```rust\n"
            "#[repr(C, packed)]\n#[derive(Clone, Copy)]\npub struct Record {\n    pub ts: u32,\n    pub temp_cc: i16,\n"
            "    pub rh_pm: u16,\n    pub soil_pm: u16,\n    pub co2_ppm: u16,\n    pub flags: u32,\n}\n\n"
            "const CAPACITY: usize = 32 * 1024 / core::mem::size_of::<Record>(); // 2048\n"
            "static mut BUFFER: [Record; CAPACITY] = [Record::EMPTY; CAPACITY];\n```\n\n"
            "Nothing written to the repo yet."
        )

    @session(
        "h18-constraint-eu-only-customer-data",
        "larchfield",
        "2026-11-09T11:20:00",
        ["constraint"],
        ["runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Legal came back on the Hofmann Agrar contract. We're not allowed to move their raw sensor data, including "
            "the GPS positions of the probes, outside the EU. So the us-east-1 bucket is off limits for anything from "
            "their farms, and the nightly export to the analytics vendor has to drop lat/lon for them. Where do we stand?"
        )
        s.bash(
            "grep -rn 's3://' larchfield/ config/",
            "config/storage.yaml:3:  raw: s3://larchfield-raw-eu/readings   # eu-central-1\n"
            "config/storage.yaml:4:  rollups: s3://larchfield-rollups-eu    # eu-central-1\n"
            "larchfield/exports/vendor.py:18:VENDOR_BUCKET = \"s3://agrimetrics-ingest-us/larchfield/\"",
        )
        s.read(
            "larchfield/exports/vendor.py",
            "VENDOR_BUCKET = \"s3://agrimetrics-ingest-us/larchfield/\"\n\n"
            "def export_day(day: date, customers: list[Customer]) -> None:\n"
            "    for c in customers:\n        df = load_readings(day, c.id)\n"
            "        write_parquet(df, f\"{VENDOR_BUCKET}{c.id}/{day:%Y-%m-%d}.parquet\")",
        )
        s.say(
            "Raw readings and rollups already live in eu-central-1, so storage is fine. The problem is the vendor "
            "export: it writes every customer's readings, lat/lon included, to a bucket in the US. For Hofmann Agrar "
            "that has to change. I'd add a per-customer `eu_only` flag in `customers.yaml` and drop the `lat` and "
            "`lon` columns from the export when it's set. Want me to do that?"
        )
        s.user("Yes, do that. Default false, true for Hofmann.")
        s.edit(
            "config/customers.yaml",
            "- id: hofmann-agrar\n  name: Hofmann Agrar GmbH",
            "- id: hofmann-agrar\n  name: Hofmann Agrar GmbH\n  eu_only: true  # contract: raw data and probe GPS stay in the EU",
        )
        s.edit(
            "larchfield/exports/vendor.py",
            "        df = load_readings(day, c.id)\n",
            "        df = load_readings(day, c.id)\n        if c.eu_only:\n            df = df.drop([\"lat\", \"lon\"])\n",
        )
        s.edit(
            "larchfield/customers.py",
            "    name: str\n",
            "    name: str\n    eu_only: bool = False\n",
        )
        s.write(
            "tests/exports/test_vendor_eu_only.py",
            "def test_eu_only_customer_export_has_no_coordinates(tmp_path, fake_readings):\n"
            "    customer = Customer(id=\"hofmann-agrar\", name=\"Hofmann\", eu_only=True)\n"
            "    out = export_day_frame(date(2026, 11, 1), customer)\n"
            "    assert \"lat\" not in out.columns and \"lon\" not in out.columns\n",
        )
        s.bash("pytest -q tests/exports", ".....                                                                    [100%]\n5 passed in 1.12s")
        s.say(
            "Done. `customers.yaml` has `eu_only: true` for Hofmann Agrar (default false in `Customer`), the vendor "
            "export drops `lat`/`lon` for such customers, and a test checks it. Raw data for them was already only in "
            "eu-central-1."
        )

    @session(
        "h19-constraint-noaa-quota-and-fly-budget",
        "tidewater",
        "2026-11-10T09:30:00",
        ["constraint"],
        ["session_summary", "runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "FYI for anything that touches the NOAA client: our key is capped at 10,000 requests a day across all "
            "environments, staging included, and we must stay under that or they suspend the key for a week (it "
            "happened once in March). Also Sam put a hard $60/month cap on the Fly bill, so adding machines to paper "
            "over slow upstream calls is out. How close are we to the NOAA limit right now?"
        )
        s.bash(
            "psql \"$DATABASE_URL\" -c \"select env, count(*) from upstream_calls where at > now() - interval '24 hours' group by env\"",
            "   env    | count \n----------+-------\n prod     |  5904\n staging  |   911\n(2 rows)",
        )
        s.say(
            "6,815 calls in the last 24 hours (5,904 prod, 911 staging), so about 68% of the daily cap. The biggest "
            "single consumer is the 15-minute prefetch for the 40 favourite stations, which is 3,840 calls a day. "
            "Anything new that calls NOAA per request would need to go through the cache."
        )
        s.user("good. keep that in mind, no changes needed today.")
        s.say("Will do.")

    # ------------------------------------------------------------------ tech debt
    @session(
        "h20-tech-debt-last-write-wins-sync",
        "quillpad",
        "2026-11-11T15:10:00",
        ["tech_debt"],
        ["runbook", "constraint", "preference"],
    )
    def _(s):
        s.user(
            "About sync conflicts: right now if you edit the same note on two devices while offline, whichever upload "
            "lands last wins and the other edit is silently lost. Doing proper merging (a CRDT, or at least a three-way "
            "merge) is a big job and the beta ships Friday, so we're leaving last-write-wins in for now. But I don't "
            "want us to forget it. Put a clear TODO where the conflict gets resolved, and log an event whenever we "
            "throw an edit away so we can see how often it happens."
        )
        s.bash("grep -rn 'resolveConflict' src/", "src/sync/merge.ts:8:export function resolveConflict(local: Note, remote: Note): Note {\nsrc/sync/pull.ts:41:      const merged = resolveConflict(local, remote);")
        s.read(
            "src/sync/merge.ts",
            "import type { Note } from '../types';\n\n"
            "// Picks the most recently updated version.\n"
            "export function resolveConflict(local: Note, remote: Note): Note {\n"
            "  return local.updatedAt > remote.updatedAt ? local : remote;\n}",
        )
        s.edit(
            "src/sync/merge.ts",
            "// Picks the most recently updated version.\n"
            "export function resolveConflict(local: Note, remote: Note): Note {\n"
            "  return local.updatedAt > remote.updatedAt ? local : remote;\n}",
            "// TODO(sync-merge): last-write-wins loses the losing device's edit. Replace with a real merge\n"
            "// (three-way on paragraphs, or a CRDT such as Yjs) after the beta. Kept for the beta on purpose.\n"
            "export function resolveConflict(local: Note, remote: Note): Note {\n"
            "  const winner = local.updatedAt > remote.updatedAt ? local : remote;\n"
            "  if (local.body !== remote.body) {\n"
            "    track('sync_conflict_overwrite', { noteId: local.id, kept: winner === local ? 'local' : 'remote' });\n"
            "  }\n"
            "  return winner;\n}",
        )
        s.bash("npx jest src/sync", "PASS src/sync/merge.test.ts\nPASS src/sync/pull.test.ts\n\nTest Suites: 2 passed, 2 total\nTests:       9 passed, 9 total")
        s.say(
            "Done. `resolveConflict` in `src/sync/merge.ts` still keeps the newer version, now with a `TODO(sync-merge)` "
            "explaining that it loses edits and should become a three-way merge or CRDT after the beta, and it sends a "
            "`sync_conflict_overwrite` event whenever two different bodies collide. Sync tests pass."
        )

    @session(
        "h21-tech-debt-stations-pagination-later",
        "tidewater",
        "2026-11-12T10:45:00",
        ["tech_debt"],
        ["runbook", "preference"],
    )
    def _(s):
        s.user(
            "/v1/stations returns all ~3,000 stations in one response, about 1.8MB. We really should paginate it, but "
            "the iOS app that's in the store depends on the current shape and their next release is three weeks out. "
            "Can you at least turn on gzip? We'll come back to pagination once the app update is out."
        )
        s.bash("curl -s -o /dev/null -w '%{size_download}\\n' localhost:8080/v1/stations", "1843377")
        s.edit(
            "internal/api/router.go",
            "\tr.Use(middleware.RequestID)\n\tr.Use(middleware.Logger)",
            "\tr.Use(middleware.RequestID)\n\tr.Use(middleware.Logger)\n\tr.Use(middleware.Compress(5, \"application/json\"))",
        )
        s.edit(
            "internal/api/stations.go",
            "func (h *Handler) ListStations(w http.ResponseWriter, r *http.Request) {",
            "// TODO: paginate (cursor on station id) once iOS 3.2 ships; keep this unpaginated route for old clients.\n"
            "func (h *Handler) ListStations(w http.ResponseWriter, r *http.Request) {",
        )
        s.bash("go run ./cmd/tidewater & sleep 2; curl -s -H 'Accept-Encoding: gzip' -o /dev/null -w '%{size_download}\\n' localhost:8080/v1/stations", "212904")
        s.say(
            "Gzip is on for JSON responses: `/v1/stations` goes from 1.84 MB to 213 KB over the wire. I left a TODO on "
            "`ListStations`: pagination with a cursor on the station id after the iOS release, keeping the unpaginated "
            "route for older app versions."
        )
        s.user("yep. let's not lose track of that one.")
        s.say("It's marked in the handler; pagination is open until the iOS release ships.")

    # ------------------------------------------------------------------ preference
    @session(
        "h22-preference-sql-in-files",
        "larchfield",
        "2026-11-12T16:00:00",
        ["preference"],
        ["runbook", "constraint", "tech_debt"],
    )
    def _(s):
        s.user(
            "small style thing that's been bugging me: please stop putting SQL inline as Python strings. I want every "
            "query in its own .sql file under larchfield/sql/, loaded with load_sql(). It's easier to review and "
            "sqlfluff can lint them. Could you move the two queries you added yesterday in assets/moisture.py?"
        )
        s.bash("grep -n '\"\"\"' larchfield/assets/moisture.py", "22:    query = \"\"\"\n31:    \"\"\"\n48:    gaps = \"\"\"\n58:    \"\"\"")
        s.write(
            "larchfield/sql/moisture_daily.sql",
            "select probe_id, date_trunc('day', ts) as day, avg(vwc) as vwc_mean, min(vwc) as vwc_min, max(vwc) as vwc_max\n"
            "from readings\nwhere ts >= $start and ts < $end\ngroup by 1, 2\n",
        )
        s.write(
            "larchfield/sql/moisture_gaps.sql",
            "select probe_id, ts, lead(ts) over (partition by probe_id order by ts) - ts as gap\nfrom readings\n"
            "where ts >= $start and ts < $end\nqualify gap > interval 2 hour\n",
        )
        s.edit(
            "larchfield/assets/moisture.py",
            "    query = \"\"\"",
            "    query = load_sql(\"moisture_daily\")",
        )
        s.edit(
            "larchfield/assets/moisture.py",
            "    gaps = \"\"\"",
            "    gaps = load_sql(\"moisture_gaps\")",
        )
        s.bash("sqlfluff lint larchfield/sql/ --dialect duckdb && pytest -q tests/assets/test_moisture.py", "All Finished 📜 🎉!\n......                                                                   [100%]\n6 passed in 2.03s")
        s.say(
            "Moved both queries to `larchfield/sql/moisture_daily.sql` and `moisture_gaps.sql`, loaded with `load_sql()`. "
            "sqlfluff is clean and the moisture tests pass. New queries will go into `larchfield/sql/` the same way."
        )

    @session(
        "h23-preference-named-exports",
        "quillpad",
        "2026-11-13T11:30:00",
        ["preference"],
        ["runbook", "constraint", "tech_debt"],
    )
    def _(s):
        s.user(
            "going forward: named exports only in src/, no default exports. The app/ folder is the one exception because "
            "expo-router needs a default export per route. And one component per file. I keep seeing `export default "
            "function` sneaking into new components."
        )
        s.bash(
            "grep -rn 'export default' src/",
            "src/components/TagPill.tsx:5:export default function TagPill({ tag }: Props) {\n"
            "src/components/EmptyState.tsx:3:export default function EmptyState() {\n"
            "src/hooks/useDebounce.ts:3:export default function useDebounce<T>(value: T, ms = 300) {",
        )
        s.edit("src/components/TagPill.tsx", "export default function TagPill", "export function TagPill")
        s.edit("src/components/EmptyState.tsx", "export default function EmptyState", "export function EmptyState")
        s.edit("src/hooks/useDebounce.ts", "export default function useDebounce", "export function useDebounce")
        s.bash(
            "grep -rln \"import TagPill\\|import EmptyState\\|import useDebounce\" src app",
            "src/components/NoteCard.tsx\napp/(tabs)/index.tsx\nsrc/components/SearchBar.tsx",
        )
        s.edit("src/components/NoteCard.tsx", "import TagPill from './TagPill';", "import { TagPill } from './TagPill';")
        s.edit("app/(tabs)/index.tsx", "import EmptyState from '../../src/components/EmptyState';", "import { EmptyState } from '../../src/components/EmptyState';")
        s.edit("src/components/SearchBar.tsx", "import useDebounce from '../hooks/useDebounce';", "import { useDebounce } from '../hooks/useDebounce';")
        s.bash("npx tsc --noEmit", "")
        s.say("Converted the three default exports in `src/` to named exports and updated their imports; types check. Route files in `app/` keep their default exports.")
        s.user("perfect, that's how I want it from now on")
        s.say("Got it.")

    # ------------------------------------------------------------------ session summary
    @session(
        "h24-summary-mqtt-reconnect-and-ota-partitions",
        "brassica",
        "2026-11-14T09:00:00",
        ["session_summary"],
        ["runbook", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Plan for today: implement MQTT reconnect (we never wrote it, the client just gives up when the broker goes "
            "away), then set up the partition table for OTA updates and start on the OTA handler."
        )
        s.read(
            "src/net/mqtt.rs",
            "pub fn start(cfg: &MqttConfig) -> anyhow::Result<EspMqttClient<'static>> {\n"
            "    let (client, mut conn) = EspMqttClient::new(&cfg.url, &cfg.into())?;\n"
            "    std::thread::spawn(move || {\n        while let Ok(event) = conn.next() {\n"
            "            log::info!(\"mqtt: {:?}\", event.payload());\n        }\n    });\n    Ok(client)\n}",
        )
        s.edit(
            "src/net/mqtt.rs",
            "        while let Ok(event) = conn.next() {\n            log::info!(\"mqtt: {:?}\", event.payload());\n        }",
            "        let mut backoff = Duration::from_secs(1);\n"
            "        loop {\n            match conn.next() {\n"
            "                Ok(event) => match event.payload() {\n"
            "                    EventPayload::Connected(_) => {\n                        backoff = Duration::from_secs(1);\n"
            "                        let _ = events.send(NetEvent::MqttUp);\n                    }\n"
            "                    EventPayload::Disconnected => {\n                        let _ = events.send(NetEvent::MqttDown);\n"
            "                        std::thread::sleep(backoff);\n                        backoff = (backoff * 2).min(Duration::from_secs(60));\n"
            "                    }\n                    other => log::debug!(\"mqtt: {:?}\", other),\n                },\n"
            "                Err(e) => log::warn!(\"mqtt connection: {e}\"),\n            }\n        }",
        )
        s.edit(
            "src/main.rs",
            "    let mqtt = net::mqtt::start(&cfg.mqtt)?;",
            "    let mqtt = net::mqtt::start(&cfg.mqtt, net_tx.clone())?;\n    let _sub = app::subscriptions::resubscribe_on_up(mqtt.clone(), net_rx);",
        )
        s.write(
            "src/app/subscriptions.rs",
            "/// Subscribes to the command topics every time the MQTT connection comes (back) up.\n"
            "pub fn resubscribe_on_up(client: SharedMqtt, rx: Receiver<NetEvent>) -> JoinHandle<()> {\n"
            "    std::thread::spawn(move || {\n        for ev in rx {\n            if let NetEvent::MqttUp = ev {\n"
            "                for topic in COMMAND_TOPICS {\n                    if let Err(e) = client.lock().unwrap().subscribe(topic, QoS::AtLeastOnce) {\n"
            "                        log::warn!(\"subscribe {topic}: {e}\");\n                    }\n                }\n            }\n        }\n    })\n}\n",
        )
        s.bash("cargo build --release 2>&1 | tail -n 2", "   Compiling brassica v0.9.0 (/home/jonas/firmware/brassica)\n    Finished `release` profile [optimized] target(s) in 48.12s")
        s.bash(
            "cargo espflash flash --release --monitor 2>&1 | grep -i mqtt | head",
            "I (2911) brassica::net::mqtt: connected to mqtts://broker.greenhouse.lan:8883\n"
            "I (2950) brassica::app::subscriptions: subscribed gh/1/cmd/#",
        )
        s.bash(
            "ssh pi@broker.greenhouse.lan 'sudo systemctl restart mosquitto' && sleep 20 && tail -n 6 /tmp/brassica-serial.log",
            "W (81022) brassica::net::mqtt: mqtt connection: ESP_FAIL\n"
            "I (82031) brassica::net::mqtt: disconnected, retrying in 1s\n"
            "I (84110) brassica::net::mqtt: disconnected, retrying in 2s\n"
            "I (87212) brassica::net::mqtt: connected to mqtts://broker.greenhouse.lan:8883\n"
            "I (87250) brassica::app::subscriptions: subscribed gh/1/cmd/#",
            text="Now the real test: restart the broker and watch the controller come back.",
        )
        s.say(
            "Reconnect works: after a broker restart the controller retried at 1 s and 2 s, reconnected after about "
            "6 seconds and subscribed to `gh/1/cmd/#` again. Moving on to the partition table."
        )
        s.user("great. partitions next, two OTA slots please")
        s.write(
            "partitions.csv",
            "# Name,   Type, SubType, Offset,   Size\n"
            "nvs,      data, nvs,     0x9000,   0x5000\n"
            "otadata,  data, ota,     0xe000,   0x2000\n"
            "phy_init, data, phy,     0x10000,  0x1000\n"
            "ota_0,    app,  ota_0,   0x20000,  0x180000\n"
            "ota_1,    app,  ota_1,   0x1a0000, 0x180000\n"
            "storage,  data, spiffs,  0x320000, 0xe0000\n",
        )
        s.edit(
            "sdkconfig.defaults",
            "CONFIG_PARTITION_TABLE_SINGLE_APP=y",
            "CONFIG_PARTITION_TABLE_CUSTOM=y\nCONFIG_PARTITION_TABLE_CUSTOM_FILENAME=\"partitions.csv\"\nCONFIG_BOOTLOADER_APP_ROLLBACK_ENABLE=y",
        )
        s.edit(
            "espflash.toml",
            "[idf_format_args]",
            "partition_table = \"partitions.csv\"\n\n[idf_format_args]",
        )
        s.bash(
            "cargo clean -p esp-idf-sys && cargo espflash save-image --release --chip esp32c3 /tmp/brassica.bin && ls -l /tmp/brassica.bin",
            "App/part. size:    1,268,416/1,572,864 bytes, 80.64%\n-rw-r--r-- 1 jonas jonas 1268416 Nov 14 11:41 /tmp/brassica.bin",
        )
        s.bash("cargo espflash flash --release --erase-parts otadata --monitor 2>&1 | grep -i 'partition\\|boot' | head -n 4",
               "I (31) boot: Partition Table:\nI (44) boot:  3 ota_0            OTA app          00 10 00020000 00180000\n"
               "I (51) boot:  4 ota_1            OTA app          00 11 001a0000 00180000\nI (78) boot: Loaded app from partition at offset 0x20000")
        s.write(
            "src/net/ota.rs",
            "/// Downloads a firmware image over HTTPS into the inactive OTA slot.\n"
            "pub fn update_from(url: &str) -> anyhow::Result<()> {\n"
            "    let mut ota = EspOta::new()?;\n    let mut update = ota.initiate_update()?;\n"
            "    let mut client = HttpClient::wrap(EspHttpConnection::new(&https_config())?);\n"
            "    let mut resp = client.get(url)?.submit()?;\n    let mut buf = [0u8; 4096];\n"
            "    loop {\n        let n = resp.read(&mut buf)?;\n        if n == 0 { break; }\n        update.write(&buf[..n])?;\n    }\n"
            "    // not yet: verify the image digest before completing\n    update.complete()?;\n    Ok(())\n}\n",
        )
        s.bash("cargo build --release 2>&1 | tail -n 1", "    Finished `release` profile [optimized] target(s) in 39.77s")
        s.user("I have to stop here. where are we?")
        s.say(
            "Where things stand:\n\n"
            "**Done**\n"
            "- MQTT reconnect: exponential backoff from 1 s to 60 s in `src/net/mqtt.rs`, and `src/app/subscriptions.rs` "
            "re-subscribes to the command topics whenever the connection comes back. Tested by restarting mosquitto: "
            "reconnected in about 6 s.\n"
            "- Partition table with two 1.5 MB OTA slots (`partitions.csv`), rollback enabled in `sdkconfig.defaults`, "
            "espflash uses the table. The current image is 1.27 MB (81% of a slot). Flashed and booted from `ota_0`.\n\n"
            "**In progress**\n"
            "- `src/net/ota.rs` downloads an image into the inactive slot and compiles, but doesn't verify the image "
            "digest before `complete()` and isn't wired to any MQTT command yet.\n\n"
            "**Next**\n"
            "1. Verify the SHA-256 of the download against the value sent in the update command\n"
            "2. Call `esp_ota_mark_app_valid_cancel_rollback` once Wi-Fi and MQTT are up after an update\n"
            "3. Wire `gh/1/cmd/ota` to `update_from` and test a rollback with a deliberately broken image"
        )

    @session(
        "h25-summary-sentek-ingestion-asset",
        "larchfield",
        "2026-11-16T08:30:00",
        ["session_summary"],
        ["decision", "runbook", "constraint", "tech_debt", "preference"],
    )
    def _(s):
        s.user(
            "Let's add ingestion for the new Sentek probes. Their API gives CSV exports per probe and day. I want a "
            "Dagster asset `sentek_readings`, daily partitions, normalised to our readings schema, with tests. Look at "
            "how the Decagon asset does it first."
        )
        s.read(
            "larchfield/assets/decagon.py",
            "@asset(partitions_def=daily, io_manager_key=\"parquet\")\n"
            "def decagon_readings(context, decagon: DecagonClient, probes: ProbeRegistry) -> pl.DataFrame:\n"
            "    day = context.partition_key\n    frames = [decagon.fetch(p.serial, day) for p in probes.of_vendor(\"decagon\")]\n"
            "    return normalise(pl.concat(frames), vendor=\"decagon\")",
        )
        s.read(
            "larchfield/schema.py",
            "READINGS = {\n    \"probe_id\": pl.Utf8,\n    \"ts\": pl.Datetime(\"us\", \"UTC\"),\n    \"depth_cm\": pl.Int16,\n"
            "    \"vwc_pct\": pl.Float32,\n    \"soil_temp_c\": pl.Float32,\n    \"vendor\": pl.Utf8,\n}",
        )
        s.write(
            "larchfield/sources/sentek.py",
            "class SentekClient(ConfigurableResource):\n    base_url: str = \"https://api.irrimax.live/v1\"\n    api_key: str\n\n"
            "    def fetch(self, serial: str, day: str) -> pl.DataFrame:\n"
            "        r = httpx.get(f\"{self.base_url}/loggers/{serial}/export\", params={\"from\": day, \"to\": day, \"format\": \"csv\"},\n"
            "                      headers={\"x-api-key\": self.api_key}, timeout=30)\n        r.raise_for_status()\n"
            "        return pl.read_csv(io.BytesIO(r.content), try_parse_dates=True)\n",
        )
        s.write(
            "larchfield/assets/sentek.py",
            "@asset(partitions_def=daily, io_manager_key=\"parquet\")\n"
            "def sentek_readings(context, sentek: SentekClient, probes: ProbeRegistry) -> pl.DataFrame:\n"
            "    day = context.partition_key\n    frames = [to_long(sentek.fetch(p.serial, day), p) for p in probes.of_vendor(\"sentek\")]\n"
            "    return normalise(pl.concat(frames), vendor=\"sentek\")\n\n\n"
            "def to_long(raw: pl.DataFrame, probe: Probe) -> pl.DataFrame:\n"
            "    \"\"\"Sentek exports one column per sensor depth (\"Moisture 10cm\", ...); we store one row per depth.\"\"\"\n"
            "    moist = raw.unpivot(index=\"Date Time\", on=cs.starts_with(\"Moisture\"), variable_name=\"col\", value_name=\"vwc_pct\")\n"
            "    return moist.with_columns(depth_cm=pl.col(\"col\").str.extract(r\"(\\d+)cm\").cast(pl.Int16), probe_id=pl.lit(probe.id))\n",
        )
        s.write(
            "tests/assets/test_sentek.py",
            "def test_to_long_one_row_per_depth(sentek_csv):\n    df = to_long(pl.read_csv(sentek_csv), Probe(id=\"p1\", serial=\"S1\"))\n"
            "    assert df.height == 3 * 96\n    assert set(df[\"depth_cm\"].unique()) == {10, 20, 30}\n\n\n"
            "def test_values_in_percent(sentek_csv):\n    df = to_long(pl.read_csv(sentek_csv), Probe(id=\"p1\", serial=\"S1\"))\n"
            "    assert df[\"vwc_pct\"].max() <= 100\n",
        )
        s.write("tests/fixtures/sentek_export.csv", "Date Time,Moisture 10cm,Moisture 20cm,Moisture 30cm,Temp 10cm\n2026/11/01 00:00:00,31.2,34.8,36.1,9.4\n2026/11/01 00:15:00,31.1,34.8,36.1,9.3\n")
        s.bash(
            "pytest -q tests/assets/test_sentek.py",
            "F.\n=================================== FAILURES ===================================\n"
            "_______________________ test_to_long_one_row_per_depth ________________________\n"
            "    assert df.height == 3 * 96\nE   assert 6 == 288\n1 failed, 1 passed in 0.88s",
            text=None,
        )
        s.edit(
            "tests/assets/test_sentek.py",
            "    assert df.height == 3 * 96",
            "    assert df.height == 3 * 2  # the fixture has two timestamps",
            text="My fixture only has two timestamps, not a full day; the test expectation was wrong, not the code.",
        )
        s.edit(
            "larchfield/assets/sentek.py",
            "    return moist.with_columns(depth_cm=pl.col(\"col\").str.extract(r\"(\\d+)cm\").cast(pl.Int16), probe_id=pl.lit(probe.id))\n",
            "    temp = raw.unpivot(index=\"Date Time\", on=cs.starts_with(\"Temp\"), variable_name=\"col\", value_name=\"soil_temp_c\")\n"
            "    temp = temp.with_columns(depth_cm=pl.col(\"col\").str.extract(r\"(\\d+)cm\").cast(pl.Int16)).drop(\"col\")\n"
            "    moist = moist.with_columns(depth_cm=pl.col(\"col\").str.extract(r\"(\\d+)cm\").cast(pl.Int16)).drop(\"col\")\n"
            "    return moist.join(temp, on=[\"Date Time\", \"depth_cm\"], how=\"left\").with_columns(\n"
            "        ts=pl.col(\"Date Time\").str.to_datetime(\"%Y/%m/%d %H:%M:%S\", time_zone=\"UTC\"), probe_id=pl.lit(probe.id))\n",
            text="Also adding soil temperature, which the export has for some depths only.",
        )
        s.edit(
            "larchfield/definitions.py",
            "assets=[decagon_readings, daily_rollup, weekly_report],",
            "assets=[decagon_readings, sentek_readings, daily_rollup, weekly_report],",
        )
        s.edit(
            "larchfield/definitions.py",
            "    \"decagon\": DecagonClient(api_key=EnvVar(\"DECAGON_API_KEY\")),",
            "    \"decagon\": DecagonClient(api_key=EnvVar(\"DECAGON_API_KEY\")),\n    \"sentek\": SentekClient(api_key=EnvVar(\"SENTEK_API_KEY\")),",
        )
        s.edit(
            "config/customers.yaml",
            "  probes:\n    - {id: wv-north-1, vendor: decagon, serial: DG-44120}",
            "  probes:\n    - {id: wv-north-1, vendor: decagon, serial: DG-44120}\n    - {id: wv-north-2, vendor: sentek, serial: SK-0093117}",
        )
        s.bash("pytest -q tests/assets", "................                                                         [100%]\n16 passed in 4.77s")
        s.bash(
            "dagster asset materialize -m larchfield.definitions --select sentek_readings --partition 2026-11-15 2>&1 | tail -n 3",
            "2026-11-16 09:52:10 +0000 - dagster - DEBUG - sentek_readings - STEP_OUTPUT - Yielded output \"result\" of type \"DataFrame\". (Type check passed).\n"
            "2026-11-16 09:52:10 +0000 - dagster - DEBUG - sentek_readings - HANDLED_OUTPUT - Handled output \"result\" using IO manager \"parquet\"\n"
            "2026-11-16 09:52:11 +0000 - dagster - DEBUG - RUN_SUCCESS - Finished execution of run for \"sentek_readings\".",
        )
        s.bash("duckdb -c \"select count(*), min(ts), max(ts), count(distinct depth_cm) from 'data/sentek_readings/2026-11-15.parquet'\"",
               "┌──────────────┬──────────────────────────┬──────────────────────────┬──────────────────────────┐\n"
               "│ count_star() │         min(ts)          │         max(ts)          │ count(DISTINCT depth_cm) │\n"
               "├──────────────┼──────────────────────────┼──────────────────────────┼──────────────────────────┤\n"
               "│          288 │ 2026-11-15 00:00:00+00   │ 2026-11-15 23:45:00+00   │                        3 │\n"
               "└──────────────┴──────────────────────────┴──────────────────────────┴──────────────────────────┘")
        s.say(
            "The asset works end to end: one day for the Sentek probe at Westview gives 288 rows (96 timestamps x 3 "
            "depths) with moisture and, where present, soil temperature."
        )
        s.user("great. I'll review it tomorrow. what's left?")
        s.say(
            "Summary of today:\n\n"
            "**Done**\n"
            "- `SentekClient` resource (`larchfield/sources/sentek.py`) fetching the per-day CSV export\n"
            "- `sentek_readings` asset (`larchfield/assets/sentek.py`), daily partitions, wide CSV turned into one row "
            "per depth, normalised to `READINGS`\n"
            "- registered in `definitions.py` with `SENTEK_API_KEY`; probe `wv-north-2` added in `customers.yaml`\n"
            "- tests in `tests/assets/test_sentek.py`; all 16 asset tests pass; partition 2026-11-15 materialised (288 rows)\n\n"
            "**Next**\n"
            "1. Backfill the Sentek partitions from 2026-10-01, when the probe was installed\n"
            "2. Add a freshness check like the Decagon one\n"
            "3. Add `SENTEK_API_KEY` to the production secrets before the schedule picks the asset up"
        )

    @session(
        "h42-preference-real-postgres-in-tests",
        "larchfield",
        "2026-11-24T09:20:00",
        ["preference"],
        ["runbook", "constraint", "tech_debt"],
    )
    def _(s):
        s.user(
            "I see the new test for the upsert uses a MagicMock for the connection. I'd rather we didn't mock the database "
            "in tests at all. We have the testcontainers fixture in conftest.py, use a real Postgres. Mocked DB tests have "
            "burned us twice already, they passed while the actual SQL was broken."
        )
        s.read(
            "tests/io/test_upsert.py",
            "def test_upsert_overwrites_existing_row():\n    conn = MagicMock()\n    upsert_readings(conn, [READING])\n"
            "    conn.execute.assert_called_once()\n",
        )
        s.bash("grep -n 'def pg' tests/conftest.py", "18:def pg(postgres_container) -> Iterator[Connection]:")
        s.edit(
            "tests/io/test_upsert.py",
            "def test_upsert_overwrites_existing_row():\n    conn = MagicMock()\n    upsert_readings(conn, [READING])\n"
            "    conn.execute.assert_called_once()\n",
            "def test_upsert_overwrites_existing_row(pg):\n    upsert_readings(pg, [READING])\n"
            "    upsert_readings(pg, [READING._replace(vwc_pct=40.5)])\n"
            "    rows = pg.execute(text(\"select vwc_pct from readings where probe_id = :p\"), {\"p\": READING.probe_id}).all()\n"
            "    assert [r.vwc_pct for r in rows] == [40.5]\n",
        )
        s.bash("pytest -q tests/io/test_upsert.py", ".                                                                        [100%]\n1 passed in 4.62s")
        s.say(
            "Rewrote the test against the real Postgres from the `pg` fixture: it upserts the same reading twice and checks "
            "there's one row with the second value. It passes. I'll use the `pg` fixture for database tests from now on "
            "rather than mocks."
        )
        s.user("thanks, yes. same goes for the duckdb stuff, use a real in-memory duckdb, not a mock.")
        s.say("Understood: real Postgres via the `pg` fixture and a real in-memory DuckDB, no mocked connections.")

    @session(
        "h44-summary-dark-mode-theming",
        "quillpad",
        "2026-11-24T13:00:00",
        ["session_summary"],
        ["runbook", "constraint", "tech_debt"],
    )
    def _(s):
        s.user(
            "Let's do dark mode today. Follow the system setting by default, with an override in Settings "
            "(System / Light / Dark). Colors are in src/theme/colors.ts right now, hard-coded for light."
        )
        s.read(
            "src/theme/colors.ts",
            "export const colors = {\n  background: '#FFFFFF',\n  surface: '#F5F5F7',\n  text: '#1C1C1E',\n"
            "  textMuted: '#6E6E73',\n  accent: '#E8A33D',\n  border: '#D1D1D6',\n};\n",
        )
        s.bash("grep -rln \"from '.*theme/colors'\" src app | wc -l && grep -rn 'colors\\.' src app | wc -l", "17\n64")
        s.write(
            "src/theme/palettes.ts",
            "export type Palette = {\n  background: string;\n  surface: string;\n  text: string;\n  textMuted: string;\n  accent: string;\n  border: string;\n};\n\n"
            "export const light: Palette = {\n  background: '#FFFFFF',\n  surface: '#F5F5F7',\n  text: '#1C1C1E',\n  textMuted: '#6E6E73',\n  accent: '#E8A33D',\n  border: '#D1D1D6',\n};\n\n"
            "export const dark: Palette = {\n  background: '#000000',\n  surface: '#1C1C1E',\n  text: '#F2F2F7',\n  textMuted: '#98989F',\n  accent: '#F0B35A',\n  border: '#38383A',\n};\n",
        )
        s.write(
            "src/theme/ThemeProvider.tsx",
            "type Mode = 'system' | 'light' | 'dark';\n\nconst ThemeContext = createContext<{ palette: Palette; mode: Mode; setMode: (m: Mode) => void } | null>(null);\n\n"
            "export function ThemeProvider({ children }: { children: React.ReactNode }) {\n  const system = useColorScheme();\n"
            "  const [mode, setMode] = usePersistedState<Mode>('theme.mode', 'system');\n"
            "  const scheme = mode === 'system' ? (system ?? 'light') : mode;\n"
            "  const palette = scheme === 'dark' ? dark : light;\n"
            "  return <ThemeContext.Provider value={{ palette, mode, setMode }}>{children}</ThemeContext.Provider>;\n}\n\n"
            "export function useTheme() {\n  const t = useContext(ThemeContext);\n  if (!t) throw new Error('useTheme outside ThemeProvider');\n  return t;\n}\n",
        )
        s.edit("app/_layout.tsx", "    <QueryClientProvider client={queryClient}>", "    <ThemeProvider>\n    <QueryClientProvider client={queryClient}>")
        s.edit("app/_layout.tsx", "    </QueryClientProvider>", "    </QueryClientProvider>\n    </ThemeProvider>")
        for comp in ["NoteCard", "NoteEditor", "SearchBar", "SearchHit", "TagPill", "EmptyState"]:
            s.edit(
                f"src/components/{comp}.tsx",
                "import { colors } from '../theme/colors';",
                "import { useTheme } from '../theme/ThemeProvider';",
            )
        s.edit(
            "src/components/NoteCard.tsx",
            "const styles = StyleSheet.create({\n  card: { backgroundColor: colors.surface, borderColor: colors.border },",
            "const makeStyles = (p: Palette) => StyleSheet.create({\n  card: { backgroundColor: p.surface, borderColor: p.border },",
        )
        s.bash("npx tsc --noEmit 2>&1 | head -n 5",
               "app/settings.tsx(22,31): error TS2304: Cannot find name 'colors'.\napp/(tabs)/_layout.tsx(14,40): error TS2304: Cannot find name 'colors'.\n"
               "src/components/NoteEditor.tsx(48,22): error TS2304: Cannot find name 'colors'.")
        s.edit("app/settings.tsx", "      <View style={{ backgroundColor: colors.background }}>", "      <View style={{ backgroundColor: palette.background }}>")
        s.edit("app/(tabs)/_layout.tsx", "tabBarActiveTintColor: colors.accent", "tabBarActiveTintColor: palette.accent")
        s.edit("src/components/NoteEditor.tsx", "      placeholderTextColor={colors.textMuted}", "      placeholderTextColor={palette.textMuted}")
        s.edit(
            "app/settings.tsx",
            "      <SettingsSection title=\"Sync\">",
            "      <SettingsSection title=\"Appearance\">\n        <SegmentedControl values={['System', 'Light', 'Dark']}\n"
            "          selectedIndex={['system', 'light', 'dark'].indexOf(mode)}\n"
            "          onChange={(i) => setMode((['system', 'light', 'dark'] as const)[i])} />\n      </SettingsSection>\n"
            "      <SettingsSection title=\"Sync\">",
        )
        s.bash("npx tsc --noEmit && npx jest src/theme src/components", "PASS src/theme/ThemeProvider.test.tsx\nPASS src/components/NoteCard.test.tsx\nPASS src/components/SearchHit.test.tsx\n\nTests:       14 passed, 14 total")
        s.bash("grep -rn \"theme/colors\" src app | wc -l", "5")
        s.user("ok that's it for today, I'll pick it up tomorrow. where did you leave things?")
        s.say(
            "Where I left it:\n\n"
            "- Light and dark palettes in `src/theme/palettes.ts`; `ThemeProvider` (wrapping the app in `app/_layout.tsx`) "
            "follows the system scheme unless the user picked Light or Dark, and remembers the choice.\n"
            "- Settings has an Appearance section with System / Light / Dark.\n"
            "- Converted to `useTheme()` so far: the six components in `src/components`, the settings screen and the tab bar. "
            "Types check, theme and component tests pass.\n\n"
            "Still to do tomorrow:\n"
            "1. Five files still import the old `theme/colors` (`grep -rn theme/colors src app`); convert them, then delete `colors.ts`\n"
            "2. Status bar style and the splash background should follow the theme\n"
            "3. Check contrast of `textMuted` on `surface` in dark mode (looks low)\n"
            "4. Screenshots of both themes for the beta release notes"
        )

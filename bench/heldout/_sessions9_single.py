"""Ninth held-out set: short English sessions with one text category."""


def register(session):
    # -- decision x3
    @session("v13-decision-rrs-low-point", "halyard", "2026-10-16T10:00:00", ["decision"])
    def _(s):
        s.user("the scoring service has both low-point per RRS appendix A and that bonus-point thing someone added in 2019. do we need both? clubs keep asking which one the site uses")
        s.grep("scoringSystem", "server/scoring/index.ts:8:export type ScoringSystem = 'low-point' | 'bonus-point'\nserver/scoring/index.ts:22:  switch (series.scoringSystem) {\nprisma/schema.prisma:71:  scoringSystem ScoringSystem @default(LOW_POINT)")
        s.bash("psql $DATABASE_URL -c \"select scoring_system, count(*) from series group by 1\"", " scoring_system | count\n----------------+-------\n LOW_POINT      |   412\n BONUS_POINT    |     3\n(2 rows)")
        s.say("Only 3 of 415 series use bonus-point, all three from 2019-2020. Options:\n\n1. keep both, document which is the default\n2. drop bonus-point: convert the 3 old series to low-point (their published results would change) or freeze them as static results\n3. keep bonus-point read-only for the old series, remove it from the create form\n\nWhat do you want?")
        s.user("3. nobody is going to rescore 2019, but nobody should pick it for a new series either")
        s.edit("components/series/SeriesForm.vue", "  <USelect v-model=\"form.scoringSystem\" :options=\"['low-point', 'bonus-point']\" />", "  <!-- bonus-point stays for the three 2019/2020 series only; new series are low-point (RRS appendix A) -->\n  <input type=\"hidden\" v-model=\"form.scoringSystem\" value=\"low-point\" />")
        s.say("Done: new series are always low-point; the create form no longer offers bonus-point, and the three old series still score with it.")

    @session("v14-decision-bullmq-over-agenda", "basalt", "2026-10-16T14:20:00", ["decision"])
    def _(s):
        s.user("We have the print-partner callbacks on Agenda (Mongo-backed) and the routing jobs on BullMQ. I'd like one queue library. I've thought about it: BullMQ stays, Agenda goes. Agenda's polling is what delays the callbacks by up to 5 s, and we already pay for Redis. Can you start by listing where Agenda is used?")
        s.grep("agenda", "src/partners/partner-callbacks.service.ts:4:import { Agenda } from '@hokify/agenda'\nsrc/partners/partner-callbacks.service.ts:31:    this.agenda.define('partner-callback', ...)\nsrc/app.module.ts:19:    AgendaModule.forRoot({ db: { address: process.env.MONGO_URL } }),\npackage.json:22:    \"@hokify/agenda\": \"^6.3.0\",")
        s.say("Agenda is used in one place: `partner-callbacks.service.ts` defines the `partner-callback` job, and `app.module.ts` registers the module. Moving that job to a BullMQ queue `partner-callbacks` next to the routing queue is a small change; I'll do it in the next step if you want, and remove the dependency afterwards.")
        s.user("yes go ahead next session, just wanted the list today")
        s.say("Noted. The list is above.")

    @session("v15-decision-keep-sqlite-file-per-school", "thistledown", "2026-10-17T09:30:00", ["decision"])
    def _(s):
        s.user("two branches of the school (Mitte and Nord) now. one db file with branch_id column or one file per branch?")
        s.say("Both work. One file with `branch_id` makes cross-branch reports easy (a teacher who works in both), but every query needs the filter and a mistake leaks data across branches. One file per branch keeps each branch isolated, backups per branch, and the code doesn't change, but reports across branches need `ATTACH DATABASE`.")
        s.user("file per branch. the two offices dont want see each other students, and the teacher-in-both case is 2 people, we do ATTACH for that report")
        s.edit("src/main/db.ts", "export const db = new Database(path.join(app.getPath('userData'), 'lessons.db'))", "export function openBranchDb(branch: 'mitte' | 'nord') {\n  return new Database(path.join(app.getPath('userData'), `lessons-${branch}.db`))\n}")
        s.say("Changed `db.ts` to open one database file per branch (`lessons-mitte.db`, `lessons-nord.db`). Callers still use the old `db` export; I'll update them when you say which branch the existing file becomes.")

    # -- runbook x3
    @session("v16-runbook-cluster-netcdf-module", "moraine", "2026-10-19T08:10:00", ["runbook"])
    def _(s):
        s.user("build on the cluster fails after their maintenance: 'Cannot open module file netcdf.mod'")
        s.bash("module list 2>&1", "Currently Loaded Modules:\n  1) gcc/13.2.0   2) openmpi/4.1.6")
        s.bash("module spider netcdf-fortran 2>&1 | head -8", "  netcdf-fortran/4.6.1-gcc13-ompi4\n    You will need to load all module(s) on any one of the lines below:\n      gcc/13.2.0  openmpi/4.1.6  hdf5/1.14.3-ompi4  netcdf-c/4.9.2-ompi4")
        s.bash("module load hdf5/1.14.3-ompi4 netcdf-c/4.9.2-ompi4 netcdf-fortran/4.6.1-gcc13-ompi4 && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j8 2>&1 | tail -2", "[100%] Linking Fortran executable moraine\n[100%] Built target moraine")
        s.say("The maintenance renamed the NetCDF modules; they now need hdf5 and netcdf-c loaded first. With `module load hdf5/1.14.3-ompi4 netcdf-c/4.9.2-ompi4 netcdf-fortran/4.6.1-gcc13-ompi4` the build goes through.")
        s.user("they do this every semester. put the steps in docs/cluster.md so whoever is next doesn't lose an hour")
        s.write("docs/cluster.md", "# Building on the cluster\n\nAfter a cluster maintenance the module names may change. If the build fails with\n`Cannot open module file netcdf.mod`:\n\n1. `module spider netcdf-fortran` and note the module line it requires.\n2. Load them in order: `module load gcc/13.2.0 openmpi/4.1.6 hdf5/1.14.3-ompi4 netcdf-c/4.9.2-ompi4 netcdf-fortran/4.6.1-gcc13-ompi4`\n3. Remove `build/` (CMake caches the old paths) and rebuild:\n   `cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j8`\n4. Update `jobs/env.sh` with the new module line so PBS jobs load the same.\n")
        s.say("Written to `docs/cluster.md`, including the step to update `jobs/env.sh`.")

    @session("v17-runbook-stuck-bullmq-jobs", "basalt", "2026-10-20T07:45:00", ["runbook"])
    def _(s):
        s.user("Orders from last night are stuck, the routing queue shows 214 active jobs and none finishing. The worker on Render restarted at 02:10. What do we do?")
        s.bash("npx ts-node scripts/queue-stats.ts routing", "waiting: 1890  active: 214  completed(24h): 5120  failed(24h): 3  stalled checks: disabled")
        s.read("src/queues/routing.worker.ts", "export const routingWorker = new Worker('routing', processRouting, {\n  connection,\n  concurrency: 20,\n  skipStalledCheck: true,\n})")
        s.say("The worker restarted while holding 214 jobs, and `skipStalledCheck: true` means BullMQ never moves those back to waiting, so they'll stay 'active' forever. To recover now: run the stalled-job recovery once, then let the worker pick them up again. Shall I run `scripts/requeue-stalled.ts`?")
        s.user("yes")
        s.bash("npx ts-node scripts/requeue-stalled.ts routing --older-than 30m", "moved 214 jobs from active to waiting")
        s.bash("npx ts-node scripts/queue-stats.ts routing", "waiting: 1632  active: 20  completed(24h): 5592  failed(24h): 3  stalled checks: disabled")
        s.user("good. write down what to do next time this happens, in the ops runbook")
        s.edit("docs/ops-runbook.md", "## Queues\n", "## Queues\n\n### Jobs stuck in 'active' after a worker restart\n\nSymptom: `queue-stats` shows active jobs that never finish after a Render restart or deploy.\nCause: the routing worker runs with `skipStalledCheck: true`, so stalled jobs are not recovered.\n\n1. `npx ts-node scripts/queue-stats.ts routing` to confirm (active high, completed not moving).\n2. `npx ts-node scripts/requeue-stalled.ts routing --older-than 30m`\n3. Check again; active should drop to the concurrency (20).\n")
        s.say("Added it to `docs/ops-runbook.md` under Queues.")

    @session("v18-runbook-windows-codesign-expired", "thistledown", "2026-10-21T13:00:00", ["runbook"])
    def _(s):
        s.user("build for windows fail on signing, error 'SignerSign() failed' . last month was fine")
        s.bash("npx electron-builder --win --publish never 2>&1 | tail -5", "  • signing with signtool.exe  path=dist\\Thistledown Setup 3.2.0.exe\n  ⨯ Exit code: 1. Command failed: signtool.exe sign ...\nSignTool Error: SignerSign() failed.\" (-2146869243/0x80096005)", error=True)
        s.say("0x80096005 means the timestamp signature couldn't be verified, usually because the timestamp server given in the config is down or changed. Your `electron-builder.yml` uses `http://timestamp.comodoca.com`, which Sectigo retired. Their current one is `http://timestamp.sectigo.com`.")
        s.edit("electron-builder.yml", "    timeStampServer: http://timestamp.comodoca.com", "    timeStampServer: http://timestamp.sectigo.com")
        s.bash("npx electron-builder --win --publish never 2>&1 | tail -2", "  • signing with signtool.exe  path=dist\\Thistledown Setup 3.2.0.exe\n  • building block map  blockMapFile=dist\\Thistledown Setup 3.2.0.exe.blockmap")
        s.say("Signed and built. The timestamp server URL was the problem.")
        s.user("ok nice, save how to fix it, i sure forget until next time")
        s.edit("docs/release.md", "## Windows\n", "## Windows\n\nIf signing fails with `SignerSign() failed` (0x80096005): the timestamp server is unreachable or retired.\nChange `win.timeStampServer` in `electron-builder.yml` to the CA's current server (Sectigo: `http://timestamp.sectigo.com`)\nand run `npx electron-builder --win --publish never` again.\n")
        s.say("Added to `docs/release.md` under Windows.")

    # -- constraint x3
    @session("v19-constraint-club-wifi-no-websocket", "halyard", "2026-10-22T18:30:00", ["constraint"], ("decision",))
    def _(s):
        s.user("want live results on the big screen in the clubhouse during the regatta")
        s.say("The natural way is a WebSocket (Nitro supports them with `defineWebSocketHandler`) pushing each finish to the screen page as it's entered. I can add a `/api/live/[raceId]` socket and a `LiveResults.vue` page.")
        s.user("won't work there. the club's internet is a mobile router behind the harbour office firewall, it kills anything that isn't plain https request/response, we tried with the tracking app in 2024. whatever we do for the clubhouse has to be ordinary polling")
        s.write("pages/live/[raceId].vue", "<script setup lang=\"ts\">\n// Clubhouse screen: the harbour firewall drops WebSockets and SSE, so this polls plain HTTPS.\nconst route = useRoute()\nconst { data, refresh } = await useFetch(`/api/races/${route.params.raceId}/results`)\nuseIntervalFn(refresh, 15_000)\n</script>")
        s.say("Made the live page poll `/api/races/:id/results` every 15 s over ordinary HTTPS, with a comment saying why it doesn't use a socket.")

    @session("v20-constraint-pbs-walltime-48h", "moraine", "2026-10-23T10:05:00", ["constraint"], ("decision",))
    def _(s):
        s.user("full run of the 2025 survey takes ~70h on 8 nodes. job script?")
        s.read("jobs/full.pbs", "#PBS -l select=8:ncpus=64:mpiprocs=64\n#PBS -l walltime=24:00:00\n#PBS -q normal")
        s.say("I'd set `walltime=72:00:00` and keep the 8 nodes.")
        s.user("no, queue max is 48h on normal and 'long' only allows 2 nodes. we have to checkpoint and resubmit")
        s.edit("jobs/full.pbs", "#PBS -l walltime=24:00:00", "#PBS -l walltime=47:30:00\n# normal queue caps walltime at 48h ('long' allows only 2 nodes): the run checkpoints and resubmits itself")
        s.say("Set walltime to 47:30 (just under the 48 h cap) with a comment; the checkpoint/resubmit part still needs the restart flag in `main.f90`.")

    @session("v21-constraint-inkhaus-rate-limit", "basalt", "2026-10-26T11:40:00", ["constraint"], ("decision",))
    def _(s):
        s.user("Please read the partner contract note in docs/partners/inkhaus.md before touching their adapter. Long story short: Inkhaus only accepts 120 order submissions per minute per API key and they suspend the key for a day if we go over. Their account manager was very clear about it.")
        s.read("docs/partners/inkhaus.md", "# Inkhaus\n\nAPI: https://api.inkhaus.example/v2\nOne API key per merchant account.\nLimit: 120 POST /orders per minute per key; exceeding it suspends the key for 24 h.")
        s.read("src/partners/inkhaus.adapter.ts", "async submit(order: RoutedOrder) {\n  return this.http.post('/orders', toInkhaus(order))\n}")
        s.edit("src/queues/routing.worker.ts", "export const inkhausQueue = new Queue('inkhaus-submit', { connection })", "// Inkhaus: 120 POST /orders per minute per key, over that the key is suspended for 24 h\nexport const inkhausQueue = new Queue('inkhaus-submit', { connection })\nexport const inkhausLimiter = { max: 100, duration: 60_000 }")
        s.say("Read the note. I added a limiter for the Inkhaus submit queue at 100 per minute, leaving margin below their 120, with the reason next to it. The worker for that queue will need `limiter: inkhausLimiter`; shall I wire it in?")
        s.user("yes")
        s.edit("src/queues/inkhaus.worker.ts", "new Worker('inkhaus-submit', submitToInkhaus, { connection })", "new Worker('inkhaus-submit', submitToInkhaus, { connection, limiter: inkhausLimiter })")
        s.say("Wired in.")

    # -- tech_debt x3
    @session("v22-techdebt-legacy-results-import", "halyard", "2026-10-27T09:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("the sailwave import parses the html export with regexes. breaks whenever someone exports with a different template. should rewrite it to use the .blw file")
        s.read("server/import/sailwave.ts", "// parses Sailwave's HTML export\nconst ROW = /<tr class=\"summaryrow\">(.*?)<\\/tr>/gs")
        s.say("Reading the `.blw` file would be far more robust: it's a CSV-like format with a fixed set of columns, independent of the HTML template. It's about a day's work including tests against the old imports.")
        s.user("yeah but not before the autumn series is done, too many imports running. leave a note so we don't forget")
        s.edit("server/import/sailwave.ts", "// parses Sailwave's HTML export", "// parses Sailwave's HTML export\n// TODO(after autumn series): switch to reading the .blw file; the regexes break with non-default HTML templates")
        s.say("Left a TODO at the top of `sailwave.ts`.")

    @session("v23-techdebt-fixed-seed-filter", "moraine", "2026-10-28T15:15:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("noticed the outlier filter uses a hardcoded random seed for the ransac sampling. fine for now, results need to be reproducible for the paper. after submission make it configurable. add to known issues")
        s.grep("seed", "src/filter.f90:58:    call random_seed(put=[(42, i=1, n)])")
        s.edit("KNOWN_ISSUES.md", "# Known issues\n", "# Known issues\n\n- `filter.f90` RANSAC uses a fixed seed (42) so the paper's figures are reproducible. After the paper is submitted, make the seed a config option (default fixed) and log it in the NetCDF attributes.\n")
        s.say("Added to `KNOWN_ISSUES.md`.")

    @session("v24-techdebt-ipc-any-types", "thistledown", "2026-10-29T10:10:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("preload has all ipc calls typed as any. i know. not fixing now, release 3.3 is friday. but make issue so we do it")
        s.grep(": any", "src/preload/index.ts:6:  getLessons: (day: any): any => ipcRenderer.invoke('lessons:get', day),\nsrc/preload/index.ts:7:  saveLesson: (l: any): any => ipcRenderer.invoke('lessons:save', l),\nsrc/preload/index.ts:8:  cancelLesson: (id: any): any => ipcRenderer.invoke('lessons:cancel', id),")
        s.bash("gh issue create --title 'Type the preload IPC API' --body 'All preload calls in src/preload/index.ts are typed as any (14 calls). Define a shared IpcApi type in src/shared and use it on both sides. After 3.3.'", "https://github.com/thistledown-app/thistledown/issues/88")
        s.say("Opened #88: type the preload IPC API after 3.3.")

    # -- preference x3
    @session("v25-preference-composition-api-only", "halyard", "2026-10-30T14:00:00", ["preference"])
    def _(s):
        s.user("add a small badge component showing a boat's rating")
        s.write("components/boat/RatingBadge.vue", "<script lang=\"ts\">\nexport default defineComponent({\n  props: { rating: Number },\n})\n</script>\n<template><span class=\"badge\">{{ rating }}</span></template>")
        s.say("Added `RatingBadge.vue`.")
        s.user("please always script setup + defineProps with types, no defineComponent/options objects in this repo")
        s.write("components/boat/RatingBadge.vue", "<script setup lang=\"ts\">\ndefineProps<{ rating: number }>()\n</script>\n<template><span class=\"badge\">{{ rating }}</span></template>")
        s.say("Rewritten with `<script setup>` and typed `defineProps`.")

    @session("v26-preference-fortran-implicit-none-dp", "moraine", "2026-11-02T09:20:00", ["preference"])
    def _(s):
        s.user("new module for the gridding weights pls, inverse distance")
        s.write("src/idw.f90", "module idw\ncontains\n  real(8) function weight(d, p)\n    real(8) :: d, p\n    weight = 1d0 / d**p\n  end function\nend module")
        s.say("Added `src/idw.f90` with an inverse-distance weight function.")
        s.user("implicit none in every module, intent on every dummy arg, and real(dp) from our kinds module, never real(8). same for anything you write here")
        s.write("src/idw.f90", "module idw\n  use kinds, only: dp\n  implicit none\ncontains\n  pure real(dp) function weight(d, p)\n    real(dp), intent(in) :: d, p\n    weight = 1.0_dp / d**p\n  end function weight\nend module idw")
        s.say("Rewritten: `implicit none`, `intent(in)`, `real(dp)` from `kinds`.")

    @session("v27-preference-class-validator-messages", "basalt", "2026-11-03T16:45:00", ["preference"])
    def _(s):
        s.user("Add validation to the CreateShipmentDto: carrier code required, weight positive.")
        s.edit("src/shipments/dto/create-shipment.dto.ts", "  carrierCode: string\n  weightGrams: number", "  @IsString() @IsNotEmpty() carrierCode: string\n  @IsPositive() weightGrams: number")
        s.say("Added `@IsNotEmpty` and `@IsPositive`.")
        s.user("Thanks. One thing for the future: we put each decorator on its own line above the property and always give a message with the field name, the partners' support staff read these errors. Could you redo it that way?")
        s.edit("src/shipments/dto/create-shipment.dto.ts", "  @IsString() @IsNotEmpty() carrierCode: string\n  @IsPositive() weightGrams: number", "  @IsString({ message: 'carrierCode must be a string' })\n  @IsNotEmpty({ message: 'carrierCode is required' })\n  carrierCode: string\n\n  @IsPositive({ message: 'weightGrams must be greater than 0' })\n  weightGrams: number")
        s.say("Redone: one decorator per line, each with a message naming the field.")

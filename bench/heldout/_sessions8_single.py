"""Eighth set, short English sessions with one text category (r13-r27). See _make_triage8.py."""

D, R, C, T, P = ["decision"], ["runbook"], ["constraint"], ["tech_debt"], ["preference"]


def register(session):
    # -- decision x3

    @session("r13-napalm-merge-or-replace", "kestrel", "2026-10-22T10:05:00", D)
    def _(s):
        s.user("push_config task. right now it does load_merge_candidate. should it be replace? pros cons, short")
        s.read(
            "kestrel/tasks/push.py",
            "def push_config(task: Task, dry_run: bool = True) -> Result:\n    cfg = task.host[\"rendered\"]\n"
            "    conn = task.host.get_connection(\"napalm\", task.nornir.config)\n    conn.load_merge_candidate(config=cfg)\n"
            "    diff = conn.compare_config()\n    if dry_run or not diff:\n        conn.discard_config()\n"
            "    else:\n        conn.commit_config(revert_in=300)\n    return Result(host=task.host, diff=diff, changed=bool(diff))",
        )
        s.say(
            "**merge** (now): only adds/changes what's in the rendered config. Safe when the template covers part of "
            "the box; but anything removed from the template stays on the device forever (old prefix-lists, "
            "policers, users).\n\n**replace**: the rendered config becomes the whole config. Removals work, drift "
            "disappears; but the template must render *everything*, or you wipe things (management, the NOC's local "
            "users). On Junos `replace` with `commit confirmed` is fairly safe to roll out; you already use "
            "`revert_in=300`.\n\nMiddle way: replace only for hosts whose template is marked complete in NetBox."
        )
        s.user(
            "replace. merge leaving stale prefix-lists is exactly how we got the leak in march. templates are full "
            "for all of core and edge already, only the lab boxes arent and those dont go through this"
        )
        s.edit(
            "kestrel/tasks/push.py",
            "    conn.load_merge_candidate(config=cfg)",
            "    # full replace: templates render the whole config for core/edge (lab boxes are not pushed)\n"
            "    conn.load_replace_candidate(config=cfg)",
        )
        s.bash(
            "pytest -q tests/test_push.py",
            "......                                                                   [100%]\n6 passed in 0.84s",
        )
        s.say(
            "`push_config` now uses `load_replace_candidate`; `commit_config(revert_in=300)` still gives the "
            "5-minute automatic rollback. Tests pass (they use the mock driver, so they don't prove the templates are "
            "complete; the first real dry run's diff will show it)."
        )

    @session("r14-dye-lot-model", "loomwright", "2026-10-23T09:00:00", D)
    def _(s):
        s.user(
            "I need to settle how we represent dye lots before I write the dye-house module. Two options on the table: "
            "a custom model mill.dye.lot linked from stock.move.line, or reusing stock.lot with a lot type field. "
            "Could you look at how we currently track rolls and tell me what each would mean?"
        )
        s.grep(
            "stock.lot",
            "addons/mill_rolls/models/roll.py:9:    lot_id = fields.Many2one(\"stock.lot\", required=True)\n"
            "addons/mill_rolls/models/roll.py:27:    @api.depends(\"lot_id.name\")\n"
            "addons/mill_rolls/views/roll_views.xml:18:        <field name=\"lot_id\" domain=\"[('product_id', '=', product_id)]\"/>",
            path="addons",
        )
        s.read(
            "addons/mill_rolls/models/roll.py",
            "class MillRoll(models.Model):\n    _name = \"mill.roll\"\n    _description = \"Fabric roll\"\n\n"
            "    name = fields.Char(required=True)\n    product_id = fields.Many2one(\"product.product\", required=True)\n"
            "    lot_id = fields.Many2one(\"stock.lot\", required=True)\n    length_m = fields.Float()\n    width_cm = fields.Float()",
        )
        s.say(
            "Rolls already hang off `stock.lot`.\n\n**Reuse `stock.lot`** (add `lot_type = fields.Selection([('roll', "
            "...), ('dye', ...)])` and the dye fields): traceability, the lot reports, the barcode app and the "
            "upstream/downstream trace all work out of the box; the cost is a wider table and making sure the "
            "roll-only fields stay hidden for dye lots.\n\n**Custom `mill.dye.lot`**: clean model, your own fields; "
            "but none of stock's traceability applies unless you rebuild it, and you need a second link on the move "
            "lines."
        )
        s.user(
            "Thank you. We'll reuse stock.lot. The whole reason the mill wants this is the trace from a complaint "
            "back to the dye batch, and stock already does that; rebuilding it would be the expensive part. The wider "
            "table doesn't worry me at our volumes (a few thousand lots a year). Please note that in the module's "
            "README so whoever comes after me knows why there is no mill.dye.lot."
        )
        s.write(
            "addons/mill_dyehouse/README.rst",
            "Mill dye house\n==============\n\nDye lots are ``stock.lot`` records with ``lot_type = 'dye'``; there is "
            "deliberately no ``mill.dye.lot`` model.\n\nWhy: the mill needs to trace a customer complaint back to the "
            "dye batch, and stock's lot traceability (upstream/downstream trace, lot reports, barcode) already does "
            "that. A separate model would have meant rebuilding it. The extra columns on ``stock_lot`` are "
            "acceptable at a few thousand lots a year.\n",
        )
        s.say("Written to `addons/mill_dyehouse/README.rst`: dye lots are `stock.lot` with `lot_type = 'dye'`, and why there is no `mill.dye.lot`.")

    @session("r15-route-table-capacity", "tamarack", "2026-10-26T13:30:00", D, ("constraint",))
    def _(s):
        s.user(
            "the route table in interlocking_data.adb is fixed array of 512 now, but new layouts from the operator "
            "have more routes sometime. what we use instead? it must stay provable, gnatprove run in CI"
        )
        s.read(
            "src/interlocking_data.ads",
            "package Interlocking_Data with SPARK_Mode is\n   Max_Routes : constant := 512;\n"
            "   type Route_Index is range 1 .. Max_Routes;\n   type Route_Table is array (Route_Index) of Route;\n"
            "   Routes : Route_Table;\n   Route_Count : Natural range 0 .. Max_Routes := 0;\nend Interlocking_Data;",
        )
        s.say(
            "Options that stay in SPARK:\n\n1. **Bigger static array** (e.g. 2048) plus `Route_Count`: trivial, "
            "provable, wastes memory, still a hard ceiling.\n2. **`SPARK.Containers.Formal.Vectors`** with a capacity "
            "set at elaboration from the layout file: provable (the library has contracts), bounded, no heap.\n"
            "3. **`Ada.Containers.Bounded_Vectors`**: not annotated for SPARK, so GNATprove can't see through it; "
            "you'd have to put the table behind `SPARK_Mode => Off`.\n\n3 breaks your CI requirement; 1 vs 2 depends "
            "on whether a fixed ceiling is acceptable."
        )
        s.user(
            "2. a ceiling is exactly the problem we have now, and 3 is no go for the prover. take formal vectors, "
            "capacity from layout header"
        )
        s.edit(
            "src/interlocking_data.ads",
            "   type Route_Table is array (Route_Index) of Route;\n   Routes : Route_Table;",
            "   package Route_Vectors is new SPARK.Containers.Formal.Vectors\n     (Index_Type => Route_Index, Element_Type => Route);\n"
            "   --  capacity comes from the layout file header (Layout_Loader.Route_Capacity)\n"
            "   Routes : Route_Vectors.Vector (Layout_Loader.Route_Capacity);",
        )
        s.bash(
            "gnatprove -P tamarack.gpr -u interlocking_data.adb --level=2 -j2 2>&1 | tail -3",
            "Phase 1 of 2: generation of Global contracts ...\nPhase 2 of 2: flow analysis and proof ...\n"
            "Summary logged in obj/gnatprove/gnatprove.out",
        )
        s.say(
            "Route table is now a `SPARK.Containers.Formal.Vectors` vector with its capacity taken from the layout "
            "header; GNATprove on `interlocking_data.adb` completes with no unproved checks. `Route_Index`'s range "
            "still uses `Max_Routes` as the upper bound of the index type; I'll widen that when we touch the loader."
        )

    # -- runbook x3

    @session("r16-codemagic-ios-firebase-bump", "gannet", "2026-10-27T17:45:00", R, ("constraint",))
    def _(s):
        s.user(
            "codemagic iOS build red since I bumped firebase_core 😩 log says:\n\n[!] CocoaPods could not find "
            "compatible versions for pod \"FirebaseCore\":\n  In Podfile:\n    firebase_core (from "
            "`.symlinks/plugins/firebase_core/ios`) was resolved to 3.6.0, which depends on\n      Firebase/CoreOnly "
            "(= 11.2.0)\n\nSpecs satisfying the `Firebase/CoreOnly (= 11.2.0)` dependency were found, but they "
            "required a higher minimum deployment target."
        )
        s.read(
            "ios/Podfile",
            "# Uncomment this line to define a global platform for your project\nplatform :ios, '12.0'\n\n"
            "ENV['COCOAPODS_DISABLE_STATS'] = 'true'\n...",
        )
        s.edit("ios/Podfile", "platform :ios, '12.0'", "platform :ios, '13.0'")
        s.bash(
            "cd ios && rm -rf Pods Podfile.lock && pod install --repo-update 2>&1 | tail -4",
            "Analyzing dependencies\nDownloading dependencies\nGenerating Pods project\nPod installation complete! "
            "There are 21 dependencies from the Podfile and 34 total pods installed.",
        )
        s.bash(
            "grep -n IPHONEOS_DEPLOYMENT_TARGET ios/Runner.xcodeproj/project.pbxproj | sort -u -t= -k2",
            "ios/Runner.xcodeproj/project.pbxproj:482:\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 12.0;",
        )
        s.bash(
            "sed -i '' 's/IPHONEOS_DEPLOYMENT_TARGET = 12.0;/IPHONEOS_DEPLOYMENT_TARGET = 13.0;/' ios/Runner.xcodeproj/project.pbxproj "
            "&& flutter build ios --no-codesign 2>&1 | tail -2",
            "Building com.gannetferries.app for device (ios-release)...\n✓ Built build/ios/iphoneos/Runner.app (48.1MB)",
        )
        s.say(
            "Fixed: Firebase 11 needs iOS 13. I raised `platform :ios` in the Podfile and the Runner target's "
            "deployment target to 13.0, deleted `Pods/` and `Podfile.lock`, ran `pod install --repo-update`, and a "
            "local `flutter build ios --no-codesign` builds. Codemagic should be green once this is pushed (it runs "
            "`pod install` itself)."
        )
        s.user("green ✅ can you jot this down in docs/ci.md, it'll bite us again the next time firebase bumps their minimum")
        s.write(
            "docs/ci.md",
            "# CI notes\n\n## iOS build fails after a Firebase bump: \"required a higher minimum deployment target\"\n\n"
            "Symptom: Codemagic (or local) `pod install` fails with `CocoaPods could not find compatible versions for "
            "pod \"FirebaseCore\"` ... `required a higher minimum deployment target`.\n\nCause: the new Firebase iOS SDK "
            "raised its minimum iOS version (Firebase 11 needs iOS 13).\n\nFix:\n1. Raise `platform :ios, 'X.0'` in "
            "`ios/Podfile` to the SDK's minimum.\n2. Raise `IPHONEOS_DEPLOYMENT_TARGET` of the Runner target "
            "(`ios/Runner.xcodeproj/project.pbxproj`, or Xcode > Runner > General > Minimum Deployments).\n"
            "3. `cd ios && rm -rf Pods Podfile.lock && pod install --repo-update`.\n4. Check with `flutter build ios "
            "--no-codesign`, then push.\n",
        )
        s.say("Added to `docs/ci.md` under \"iOS build fails after a Firebase bump\".")

    @session("r17-netbox-sync-504", "kestrel", "2026-10-28T08:20:00", R, ("constraint",))
    def _(s):
        s.user(
            "inventory sync from netbox died overnight:\n\npynetbox.core.query.RequestError: The request failed with "
            "code 504 Gateway Timeout\n\nonly since we added the new aggregation switches i think"
        )
        s.read(
            "kestrel/inventory/netbox_sync.py",
            "def fetch_interfaces(nb, device):\n    return list(nb.dcim.interfaces.filter(device_id=device.id))\n\n"
            "def fetch_all(nb):\n    for device in nb.dcim.devices.filter(status=\"active\"):\n"
            "        yield device, fetch_interfaces(nb, device)",
        )
        s.bash(
            "curl -s -o /dev/null -w '%{time_total}\\n' -H \"Authorization: Token $NETBOX_TOKEN\" "
            "\"https://netbox.kestrel.net/api/dcim/interfaces/?device_id=1184&limit=0\"",
            "60.012",
        )
        s.bash(
            "curl -s -o /dev/null -w '%{time_total}\\n' -H \"Authorization: Token $NETBOX_TOKEN\" "
            "\"https://netbox.kestrel.net/api/dcim/interfaces/?device_id=1184&limit=250&brief=1\"",
            "0.913",
        )
        s.edit(
            "kestrel/inventory/netbox_sync.py",
            "    return list(nb.dcim.interfaces.filter(device_id=device.id))",
            "    # pages of 250: limit=0 (everything at once) times out at the proxy's 60 s on the 1,100-port agg switches\n"
            "    return list(nb.dcim.interfaces.filter(device_id=device.id, limit=250))",
        )
        s.bash(
            "python -m kestrel.inventory.netbox_sync --device agg-dub1-01 --dry-run",
            "agg-dub1-01: 1104 interfaces fetched in 5.2s (5 pages)\ndry run: no changes written",
        )
        s.user("ok nice, that was it")
        s.say(
            "The aggregation switches have about 1,100 interfaces each; pynetbox was asking for them all in one "
            "request (`limit=0`), which takes over 60 s and the reverse proxy in front of NetBox cuts it at 60 s with "
            "a 504. With pages of 250 the same switch takes 5 s. The dry run on `agg-dub1-01` works; tonight's sync "
            "will confirm for the rest."
        )

    @session("r18-odoosh-staging-import-error", "loomwright", "2026-10-29T11:10:00", R)
    def _(s):
        s.user(
            "The odoo.sh staging build for 17.0-staging failed with 'No module named odoo.addons.stock_logistics_warehouse"
            ".models.stock_quant_reserve'. It was fine yesterday. Could you find out why?"
        )
        s.bash(
            "git submodule status && cat .gitmodules",
            " 9a41c2e0d3... addons/oca (heads/16.0)\n\n[submodule \"addons/oca\"]\n\tpath = addons/oca\n\turl = "
            "https://github.com/OCA/stock-logistics-warehouse.git\n\tbranch = 16.0",
        )
        s.bash(
            "git log -1 --format='%h %an %s' -- addons/oca",
            "c71d2aa Renata Alves bump oca submodule",
        )
        s.say(
            "The OCA submodule is tracking the **16.0** branch: `.gitmodules` says `branch = 16.0`, and yesterday's "
            "\"bump oca submodule\" ran `git submodule update --remote`, which moved it to the latest 16.0 commit. That "
            "version of `stock_logistics_warehouse` imports a file that doesn't exist in the 17.0 layout, hence the "
            "import error on odoo.sh."
        )
        s.bash(
            "git config -f .gitmodules submodule.addons/oca.branch 17.0 && git submodule update --remote addons/oca "
            "&& git submodule status",
            " 5be0f71a2c... addons/oca (heads/17.0)",
        )
        s.bash(
            "./odoo-bin -c .odoorc -d stg_check -i stock_logistics_warehouse --stop-after-init 2>&1 | tail -2",
            "2026-10-29 11:16:02,411 INFO stg_check odoo.modules.loading: 212 modules loaded in 9.84s, 0 queries\n"
            "2026-10-29 11:16:02,990 INFO stg_check odoo.modules.registry: Registry loaded in 12.113s",
        )
        s.user(
            "That's the one. Please write it up in docs/wiki/ so the next person who bumps submodules knows what to check, "
            "and commit both."
        )
        s.write(
            "docs/wiki/odoosh-build-fails-after-submodule-bump.md",
            "# odoo.sh build fails after an OCA submodule bump\n\n**Symptom**: odoo.sh build fails with `No module "
            "named odoo.addons.<oca_module>...` or other import errors right after a commit that bumped a submodule.\n\n"
            "**Cause**: the submodule's `branch` in `.gitmodules` points at the wrong Odoo series (e.g. 16.0), so "
            "`git submodule update --remote` pulled code for another version.\n\n**Fix**:\n1. `cat .gitmodules`: every "
            "OCA submodule must have `branch = 17.0`.\n2. `git config -f .gitmodules submodule.<path>.branch 17.0`\n"
            "3. `git submodule update --remote <path>`\n4. Check locally: `./odoo-bin -c .odoorc -d <scratch db> -i "
            "<module> --stop-after-init`\n5. Commit `.gitmodules` and the submodule pointer together and push.\n",
        )
        s.bash(
            "git add .gitmodules addons/oca docs/wiki/odoosh-build-fails-after-submodule-bump.md && git commit -qm "
            "\"oca submodule: track 17.0, not 16.0; wiki page on the failure\" && git log -1 --oneline",
            "e40b9c1 oca submodule: track 17.0, not 16.0; wiki page on the failure",
        )
        s.say("Committed (`e40b9c1`): the submodule tracks 17.0 again and the wiki page describes the symptom, cause and fix.")

    # -- constraint x3

    @session("r19-overlap-loop-tidy-up", "tamarack", "2026-10-30T09:15:00", C, ("decision",))
    def _(s):
        s.user("in overlap.adb the loop summing release times is ugly, can you make nicer")
        s.read(
            "src/overlap.adb",
            "   function Total_Release_Time (O : Overlap) return Duration is\n      Total : Duration := 0.0;\n"
            "   begin\n      for I in O.Sections'Range loop\n         Total := Total + O.Sections (I).Release_Time;\n"
            "      end loop;\n      return Total;\n   end Total_Release_Time;",
        )
        s.edit(
            "src/overlap.adb",
            "      Total : Duration := 0.0;\n   begin\n      for I in O.Sections'Range loop\n"
            "         Total := Total + O.Sections (I).Release_Time;\n      end loop;\n      return Total;",
            "   begin\n      return [for S of O.Sections => S.Release_Time]'Reduce (\"+\", 0.0);",
        )
        s.user(
            "no no, this is ada 2022. we cannot. the customer target build is GNAT Pro 21 with -gnat2012 and it is "
            "frozen, it is the compiler in the safety case, the assessor signed that version. changing compiler = new "
            "qualification, months. everything in src/ must compile with -gnat2012, tests also because they run on the target"
        )
        s.edit(
            "src/overlap.adb",
            "   begin\n      return [for S of O.Sections => S.Release_Time]'Reduce (\"+\", 0.0);",
            "      Total : Duration := 0.0;\n   begin\n      for S of O.Sections loop\n"
            "         Total := Total + S.Release_Time;\n      end loop;\n      return Total;",
        )
        s.bash(
            "grep -n gnat20 tamarack.gpr tests/harness.gpr && gprbuild -P tamarack.gpr -q -cargs -gnat2012 && echo OK",
            "tamarack.gpr:14:      for Default_Switches (\"Ada\") use (\"-gnat2012\", \"-gnatwa\", \"-gnatVa\");\n"
            "tests/harness.gpr:9:      for Default_Switches (\"Ada\") use (\"-gnat2012\", \"-gnatwa\");\nOK",
        )
        s.say(
            "Reverted to Ada 2012: a plain `for S of O.Sections loop` instead of the index loop, which is the tidy "
            "form 2012 allows. Builds with `-gnat2012`, which both project files already set. I'll keep to Ada 2012 "
            "in `src/` and `tests/`: no `'Reduce`, square-bracket aggregates, declare expressions or other 2022 "
            "features, since the qualified GNAT Pro 21 is the compiler of the safety case."
        )

    @session("r20-manifest-email-function", "gannet", "2026-11-02T10:30:00", C, ("decision",))
    def _(s):
        s.user(
            "can you add a cloud function that emails the passenger manifest CSV to the harbour master 45 min before "
            "each sailing? scheduled one. heads up, the operator's contract with us says passenger data stays in the "
            "EU, processing included, and they audit it. so whatever region the default is, not that"
        )
        s.grep(
            "region",
            "functions/src/region.ts:1:export const REGION = 'europe-west1';\nfunctions/src/index.ts:12:export const onBookingCreated = "
            "functions.region(REGION).firestore\nfunctions/src/index.ts:20:export const refundBooking = functions.region(REGION).https",
            path="functions/src",
        )
        s.write(
            "functions/src/manifest.ts",
            "import { onSchedule } from 'firebase-functions/v2/scheduler';\nimport { REGION } from './region';\n"
            "import { buildManifestCsv, sailingsDepartingIn } from './sailings';\nimport { sendMail } from './mail';\n\n"
            "// Runs in the EU like every function here: the operator's contract keeps passenger data (storage and\n"
            "// processing) inside the EU.\nexport const sendManifests = onSchedule(\n  { schedule: 'every 5 minutes', "
            "region: REGION, timeZone: 'Europe/Dublin' },\n  async () => {\n    for (const sailing of await "
            "sailingsDepartingIn(45, 5)) {\n      await sendMail(sailing.harbourMasterEmail, `Manifest ${sailing.code}`, "
            "await buildManifestCsv(sailing));\n    }\n  },\n);\n",
        )
        s.bash(
            "cd functions && npm run build --silent && grep -rn \"region\" lib/manifest.js | head -2 && "
            "firebase functions:list 2>/dev/null | grep -c europe-west1",
            "lib/manifest.js:7:    region: region_1.REGION,\n9",
        )
        s.say(
            "Added `sendManifests` (`functions/src/manifest.ts`): every 5 minutes it emails the CSV for sailings "
            "leaving in 45 minutes. It uses the same `REGION` (`europe-west1`) as the other functions, all 9 deployed "
            "ones are in `europe-west1`. The mail goes through `mail.ts`, which uses the EU SMTP relay. Anything new "
            "here will be pinned to an EU region; the Firebase default (`us-central1`) is out."
        )

    @session("r21-faster-router-backups", "kestrel", "2026-11-03T15:40:00", C, ("decision",))
    def _(s):
        s.user("backup job is slow, 40 min for all routers. can we crank num_workers up to like 50")
        s.read(
            "config/nornir.yaml",
            "runner:\n  plugin: threaded\n  options:\n    num_workers: 8\ninventory:\n  plugin: NetBoxInventory2\n",
        )
        s.say(
            "We can; the backup is I/O-bound so 50 threads would cut it to a few minutes. One thing to check before: "
            "does anything on the routers limit concurrent NETCONF/SSH sessions?"
        )
        s.user(
            "hmm right. NOC rule since the re1 crash on the MX480s: max 4 automation sessions per router at any time, "
            "and nothing automated between 00:00 and 02:00 because their own backups run then. workers are per host "
            "though right? so 50 hosts in parallel is 50 boxes with 1 session each"
        )
        s.say(
            "Right: Nornir's threaded runner uses one worker per host and the backup task opens one session per "
            "host, so 50 workers = 50 routers at once, each with a single session. That stays under the 4-per-router "
            "limit. What it doesn't do is stop a second job (say a push) from hitting the same router at the same "
            "time. And the cron currently starts at 01:30, inside the NOC window."
        )
        s.bash("crontab -l | grep backup", "30 1 * * * cd /opt/kestrel && ./venv/bin/python -m kestrel.jobs.backup")
        s.bash(
            "crontab -l | sed 's/^30 1 \\* \\* \\* \\(.*kestrel.jobs.backup\\)/30 2 * * * \\1/' | crontab - && crontab -l | grep backup",
            "30 2 * * * cd /opt/kestrel && ./venv/bin/python -m kestrel.jobs.backup",
        )
        s.edit("config/nornir.yaml", "    num_workers: 8", "    num_workers: 50")
        s.say(
            "Backup moved to 02:30 (out of the NOC's 00:00-02:00 window) and `num_workers` raised to 50; at one "
            "session per router that respects the 4-sessions-per-router rule. Jobs that open more than one session per "
            "host, or that can overlap another job, need to count against that limit too."
        )

    # -- tech_debt x3

    @session("r22-cuttable-figure-guimaraes", "loomwright", "2026-11-04T09:25:00", T, ("decision",))
    def _(s):
        s.user(
            "The 'available for cutting' figure on the roll form is wrong for the new Guimarães warehouse. Could you "
            "look at _compute_cuttable?"
        )
        s.read(
            "addons/mill_rolls/models/roll.py",
            "    @api.depends(\"lot_id.quant_ids.quantity\")\n    def _compute_cuttable(self):\n"
            "        for roll in self:\n            quants = roll.lot_id.quant_ids.filtered(\n"
            "                lambda q: q.location_id.warehouse_id.id in (1, 3)\n            )\n"
            "            roll.cuttable_m = sum(quants.mapped(\"quantity\"))",
        )
        s.say(
            "The warehouses are hard-coded: only ids 1 and 3 count. Guimarães is a new warehouse with another id, so "
            "its stock never shows. The proper fix is a boolean on `stock.warehouse` (\"cutting allowed\") and filtering "
            "on that, plus a data migration setting it for the existing two."
        )
        s.user(
            "Yes, I knew that would come back to bite us. But I don't want a schema change and a migration right now: "
            "the stock take is on the 30th and I don't touch stock models before it. Just add the new id for now and "
            "leave a clear TODO. We do the boolean after the stock take."
        )
        s.bash(
            "./odoo-bin shell -c .odoorc -d mill_dev --no-http <<< \"print(env['stock.warehouse'].search([('code','=','GMR')]).id)\" 2>/dev/null | tail -1",
            "7",
        )
        s.edit(
            "addons/mill_rolls/models/roll.py",
            "                lambda q: q.location_id.warehouse_id.id in (1, 3)",
            "                # TODO(after the 30 Nov stock take): replace the hard-coded ids with a\n"
            "                # `cutting_allowed` boolean on stock.warehouse + migration; every new\n"
            "                # warehouse needs an edit here until then (7 = Guimarães).\n"
            "                lambda q: q.location_id.warehouse_id.id in (1, 3, 7)",
        )
        s.say(
            "Added Guimarães (id 7) to the list, with a TODO saying what to do after the stock take: a "
            "`cutting_allowed` boolean on `stock.warehouse` plus a migration, and that until then each new warehouse "
            "means editing this line."
        )

    @session("r23-layout-loader-not-proved", "tamarack", "2026-11-05T14:00:00", T, ("decision",))
    def _(s):
        s.user("why gnatprove says nothing about layout_loader? i thought all is proved")
        s.grep(
            "SPARK_Mode",
            "src/layout_loader.ads:1:package Layout_Loader with SPARK_Mode => Off is\n"
            "src/interlocking_data.ads:1:package Interlocking_Data with SPARK_Mode is\nsrc/overlap.ads:1:package Overlap with SPARK_Mode is",
            path="src",
        )
        s.read(
            "src/layout_loader.ads",
            "package Layout_Loader with SPARK_Mode => Off is\n   --  XML layout parsing uses XML/Ada, which is not in SPARK.\n"
            "   procedure Load (Path : String);\n   function Route_Capacity return Natural;\nend Layout_Loader;",
        )
        s.say(
            "`Layout_Loader` is `SPARK_Mode => Off` because it calls XML/Ada, which isn't SPARK, so GNATprove skips it "
            "entirely: no proof of absence of run-time errors there, and nothing proven about what it hands to "
            "`Interlocking_Data` (route capacity, the routes). The usual fix is to split it: a thin non-SPARK layer "
            "that only reads the XML into plain records, and a SPARK package that validates those records and builds "
            "the tables, with postconditions the rest of the code can rely on."
        )
        s.user(
            "yes this we should do. but not now, assessor visit is in 3 weeks and i dont want big change in loader "
            "before. put it in DEBT.md with what you said so we dont forget"
        )
        s.read("DEBT.md", "# Known debt\n\n- Signals: lamp proving uses polling, not the event queue (low)\n")
        s.edit(
            "DEBT.md",
            "- Signals: lamp proving uses polling, not the event queue (low)\n",
            "- Signals: lamp proving uses polling, not the event queue (low)\n- Layout_Loader is `SPARK_Mode => Off` "
            "(XML/Ada), so nothing is proved about the data it loads (route capacity, routes). Split it: non-SPARK XML "
            "reading into plain records + a SPARK validation/build package with postconditions. Deferred until after "
            "the assessor visit (no big loader change before it). (medium)\n",
        )
        s.say("Added to `DEBT.md`: the loader is outside SPARK, the proposed split, and that it waits until after the assessor visit.")

    @session("r24-coloured-push-diff", "kestrel", "2026-11-06T16:10:00", T, ("decision",))
    def _(s):
        s.user("add colour to the diff output of push.py, red minus green plus, like git")
        s.grep(
            "def .*diff",
            "kestrel/tasks/push.py:41:def print_diff(diff: str) -> None:\nkestrel/jobs/audit.py:18:def show_diff(text):\n"
            "kestrel/jobs/drift.py:22:def _diff_lines(d):",
            path="kestrel",
        )
        s.edit(
            "kestrel/tasks/push.py",
            "def print_diff(diff: str) -> None:\n    for line in diff.splitlines():\n        print(line)",
            "def print_diff(diff: str) -> None:\n    for line in diff.splitlines():\n        if line.startswith(\"+\"):\n"
            "            print(f\"\\033[32m{line}\\033[0m\")\n        elif line.startswith(\"-\"):\n"
            "            print(f\"\\033[31m{line}\\033[0m\")\n        else:\n            print(line)",
        )
        s.say(
            "Done for `push.py`. Note there are three separate diff printers (`push.print_diff`, `audit.show_diff`, "
            "`drift._diff_lines`) doing nearly the same thing; the other two are still uncoloured. Want me to pull "
            "them into one helper in `kestrel/util/` and use it in all three?"
        )
        s.user("yeah thats a mess. not today, i only want the push one for the change window tonight. leave a todo")
        s.edit(
            "kestrel/tasks/push.py",
            "def print_diff(diff: str) -> None:",
            "# TODO: audit.show_diff and drift._diff_lines duplicate this; merge into one helper in kestrel/util/\n"
            "def print_diff(diff: str) -> None:",
        )
        s.say("Left a TODO above `print_diff` naming the two duplicates and where the shared helper should go.")

    # -- preference x3

    @session("r25-refund-controller-tests", "gannet", "2026-11-09T11:00:00", P)
    def _(s):
        s.user("write a unit test for RefundController.requestRefund, the happy path + when adyen says refused")
        s.read(
            "lib/features/refunds/refund_controller.dart",
            "class RefundController extends AsyncNotifier<void> {\n  @override\n  Future<void> build() async {}\n\n"
            "  Future<void> requestRefund(String bookingId) async {\n    final api = ref.read(paymentsApiProvider);\n"
            "    state = const AsyncLoading();\n    state = await AsyncValue.guard(() => api.refund(bookingId));\n  }\n}",
        )
        s.write(
            "test/features/refunds/refund_controller_test.dart",
            "import 'package:mockito/annotations.dart';\nimport 'package:mockito/mockito.dart';\n\n"
            "@GenerateMocks([PaymentsApi])\nimport 'refund_controller_test.mocks.dart';\n\nvoid main() {\n"
            "  late MockPaymentsApi api;\n  setUp(() => api = MockPaymentsApi());\n  ...\n}",
        )
        s.user(
            "ah no, not mockito. we use mocktail everywhere, no build_runner for mocks, the generated .mocks files "
            "were a pain with every rename. check test/features/bookings for how we do it"
        )
        s.read(
            "test/features/bookings/booking_controller_test.dart",
            "import 'package:mocktail/mocktail.dart';\n\nclass _MockBookingApi extends Mock implements BookingApi {}\n\n"
            "void main() {\n  late _MockBookingApi api;\n  setUp(() {\n    api = _MockBookingApi();\n  });\n"
            "  test('creates booking', () async {\n    when(() => api.create(any())).thenAnswer((_) async => booking);\n",
        )
        s.write(
            "test/features/refunds/refund_controller_test.dart",
            "import 'package:flutter_test/flutter_test.dart';\nimport 'package:hooks_riverpod/hooks_riverpod.dart';\n"
            "import 'package:mocktail/mocktail.dart';\n\nclass _MockPaymentsApi extends Mock implements PaymentsApi {}\n\n"
            "void main() {\n  late _MockPaymentsApi api;\n  late ProviderContainer container;\n\n  setUp(() {\n"
            "    api = _MockPaymentsApi();\n    container = ProviderContainer(overrides: [paymentsApiProvider.overrideWithValue(api)]);\n"
            "  });\n  tearDown(() => container.dispose());\n\n  test('refund succeeds', () async {\n"
            "    when(() => api.refund('B1')).thenAnswer((_) async {});\n    await container.read(refundControllerProvider.notifier).requestRefund('B1');\n"
            "    expect(container.read(refundControllerProvider).hasError, isFalse);\n  });\n\n"
            "  test('refund refused by Adyen', () async {\n    when(() => api.refund('B1')).thenThrow(const PaymentRefused('Refused'));\n"
            "    await container.read(refundControllerProvider.notifier).requestRefund('B1');\n"
            "    expect(container.read(refundControllerProvider).error, isA<PaymentRefused>());\n  });\n}\n",
        )
        s.bash(
            "flutter test test/features/refunds/",
            "00:03 +2: All tests passed!",
        )
        s.say("Rewritten with mocktail (a private `_MockPaymentsApi extends Mock`, `when(() => ...)`), like the bookings tests; no generated mocks. Both tests pass.")

    @session("r26-commit-worker-change", "kestrel", "2026-11-10T13:20:00", P)
    def _(s):
        s.user("commit the nornir worker change and the backup cron note")
        s.bash(
            "git add config/nornir.yaml docs/jobs.md && git commit -qm \"Increase number of Nornir workers to 50 and "
            "document backup schedule (NET-2291)\" && git log -1 --oneline",
            "8b1e03d Increase number of Nornir workers to 50 and document backup schedule (NET-2291)",
        )
        s.user(
            "amend pls. how we write them here: scope prefix (backup:, push:, inventory:, templates:...), lower case, "
            "imperative, under ~60 chars, ticket goes in the body not the subject. one commit per scope too, so split it"
        )
        s.bash("git reset -q --soft HEAD~1 && git restore --staged docs/jobs.md && git status --short", "M  config/nornir.yaml\n M docs/jobs.md")
        s.bash(
            "git commit -qm \"backup: run with 50 workers\" -m \"NET-2291\" && git add docs/jobs.md && "
            "git commit -qm \"docs: note backup runs at 02:30, outside the NOC window\" -m \"NET-2291\" && git log -2 --oneline",
            "f03c7aa docs: note backup runs at 02:30, outside the NOC window\n2d9e511 backup: run with 50 workers",
        )
        s.say("Split into two commits, `backup: run with 50 workers` and `docs: note backup runs at 02:30, outside the NOC window`, both with NET-2291 in the body.")

    @session("r27-is-locked-function", "tamarack", "2026-11-11T10:45:00", P)
    def _(s):
        s.user("add function Is_Locked (R : Route) return Boolean to route_locking, it is true when state is Locked or Approach_Locked")
        s.edit(
            "src/route_locking.ads",
            "   procedure Release (R : in out Route);",
            "   procedure Release (R : in out Route);\n\n   function Is_Locked (R : Route) return Boolean is\n"
            "     (R.State in Locked | Approach_Locked);",
        )
        s.user(
            "ok but write the mode: (R : in Route). we always write in explicitly here, also for functions, even "
            "it is the default. reviewers from the operator read it easier and our coding standard says. and expression "
            "function is fine"
        )
        s.edit(
            "src/route_locking.ads",
            "   function Is_Locked (R : Route) return Boolean is",
            "   function Is_Locked (R : in Route) return Boolean is",
        )
        s.grep(
            "(\\w+ : [A-Z]",
            "src/signals.ads:31:   function Aspect_Of (S : Signal) return Aspect;",
            path="src",
        )
        s.edit(
            "src/signals.ads",
            "   function Aspect_Of (S : Signal) return Aspect;",
            "   function Aspect_Of (S : in Signal) return Aspect;",
        )
        s.say("`Is_Locked` now takes `(R : in Route)`; I also found one more parameter without an explicit mode, `Signals.Aspect_Of`, and added `in` there.")

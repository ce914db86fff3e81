"""Eighth set, the long English session with a recap and nothing else to keep (r28). See _make_triage8.py."""


def register(session):
    @session("r28-roll-label-report", "loomwright", "2026-11-12T08:30:00", ["session_summary"], ("decision", "tech_debt"))
    def _(s):
        s.user(
            "Today I'd like to get the roll label done: a printable label per fabric roll (100 x 60 mm) with the "
            "product, lot, length, width and a Code 128 barcode of the roll name, printable from the roll form and "
            "from a list selection, plus a reprint wizard for the warehouse that takes a scanned lot. There is a "
            "rough spec in addons/mill_rolls/SPEC-labels.md. Could you start by reading it and the existing module?"
        )
        s.work([
            ("read", "addons/mill_rolls/SPEC-labels.md",
             "# Roll label\n\n- 100 x 60 mm, Zebra ZD421 in the warehouse (prints PDF via the IoT box)\n"
             "- product name (max 2 lines), lot, length m (1 decimal), width cm (0 decimals)\n"
             "- Code 128 of roll name, human readable under it\n- print from roll form + list (multi)\n"
             "- reprint: scan lot -> all rolls of that lot, choose which\n"),
            ("read", "addons/mill_rolls/__manifest__.py",
             "{\n    \"name\": \"Mill rolls\",\n    \"version\": \"17.0.1.2.0\",\n    \"depends\": [\"stock\", \"product\"],\n"
             "    \"data\": [\n        \"security/ir.model.access.csv\",\n        \"views/roll_views.xml\",\n    ],\n"
             "    \"license\": \"LGPL-3\",\n}"),
            ("bash", "ls -R addons/mill_rolls | head -30",
             "addons/mill_rolls:\n__init__.py\n__manifest__.py\nSPEC-labels.md\nmodels\nsecurity\ntests\nviews\n\n"
             "addons/mill_rolls/models:\n__init__.py\nroll.py\n\naddons/mill_rolls/security:\nir.model.access.csv\n\n"
             "addons/mill_rolls/tests:\n__init__.py\ntest_roll.py\n\naddons/mill_rolls/views:\nroll_views.xml"),
            ("grep", "paperformat", "addons/mill_dyehouse/report/recipe_report.xml:3:    <record id=\"paperformat_recipe\" model=\"report.paperformat\">",
             "The dye-house module already defines its own paper format; I'll follow the same pattern for 100 x 60 mm."),
            ("read", "addons/mill_dyehouse/report/recipe_report.xml",
             "<odoo>\n    <record id=\"paperformat_recipe\" model=\"report.paperformat\">\n        <field name=\"name\">A5 recipe</field>\n"
             "        <field name=\"format\">A5</field>\n        <field name=\"margin_top\">8</field>\n        <field name=\"dpi\">96</field>\n"
             "    </record>\n    <record id=\"action_report_recipe\" model=\"ir.actions.report\">\n        ...\n        <field name=\"paperformat_id\" ref=\"paperformat_recipe\"/>\n    </record>\n</odoo>"),
            ("write", "addons/mill_rolls/report/roll_label.xml",
             "<odoo>\n    <record id=\"paperformat_roll_label\" model=\"report.paperformat\">\n        <field name=\"name\">Roll label 100x60</field>\n"
             "        <field name=\"format\">custom</field>\n        <field name=\"page_width\">100</field>\n        <field name=\"page_height\">60</field>\n"
             "        <field name=\"orientation\">Portrait</field>\n        <field name=\"margin_top\">2</field>\n        <field name=\"margin_bottom\">2</field>\n"
             "        <field name=\"margin_left\">2</field>\n        <field name=\"margin_right\">2</field>\n        <field name=\"header_spacing\">0</field>\n"
             "        <field name=\"dpi\">203</field>\n    </record>\n\n    <record id=\"action_report_roll_label\" model=\"ir.actions.report\">\n"
             "        <field name=\"name\">Roll label</field>\n        <field name=\"model\">mill.roll</field>\n        <field name=\"report_type\">qweb-pdf</field>\n"
             "        <field name=\"report_name\">mill_rolls.roll_label</field>\n        <field name=\"binding_model_id\" ref=\"model_mill_roll\"/>\n"
             "        <field name=\"paperformat_id\" ref=\"paperformat_roll_label\"/>\n    </record>\n\n"
             "    <template id=\"roll_label\">\n        <t t-call=\"web.basic_layout\">\n            <t t-foreach=\"docs\" t-as=\"roll\">\n"
             "                <div class=\"page mill-roll-label\">\n                    <div class=\"name\" t-field=\"roll.product_id.display_name\"/>\n"
             "                    <div>Lot <span t-field=\"roll.lot_id.name\"/></div>\n"
             "                    <div><span t-esc=\"'%.1f' % roll.length_m\"/> m x <span t-esc=\"'%.0f' % roll.width_cm\"/> cm</div>\n"
             "                    <img t-att-src=\"'/report/barcode/Code128/%s?width=600&amp;height=120&amp;humanreadable=1' % roll.name\"/>\n"
             "                </div>\n            </t>\n        </t>\n    </template>\n</odoo>\n"),
            ("edit", "addons/mill_rolls/__manifest__.py",
             "        \"views/roll_views.xml\",\n    ],",
             "        \"views/roll_views.xml\",\n        \"report/roll_label.xml\",\n    ],"),
            ("bash", "./odoo-bin -c .odoorc -d mill_dev -u mill_rolls --stop-after-init 2>&1 | grep -E 'ERROR|WARNING|loaded' | tail -3",
             "2026-11-12 08:52:10,003 INFO mill_dev odoo.modules.loading: 214 modules loaded in 6.21s, 412 queries"),
            ("bash", "./odoo-bin shell -c .odoorc -d mill_dev --no-http <<'PY' 2>/dev/null | tail -2\n"
             "pdf, _ = env['ir.actions.report']._render_qweb_pdf('mill_rolls.action_report_roll_label', env['mill.roll'].search([], limit=3).ids)\n"
             "open('/tmp/labels.pdf','wb').write(pdf); print(len(pdf))\nPY",
             "48211"),
            ("bash", "pdfinfo /tmp/labels.pdf | grep -E 'Pages|Page size'",
             "Pages:          3\nPage size:      283.46 x 170.08 pts"),
        ])
        s.say(
            "The report renders: three rolls give three pages of 283 x 170 pt, which is 100 x 60 mm. Next I'd do the "
            "two-line clamp on the product name, then the list action (already there through `binding_model_id`) and "
            "the reprint wizard. Want to look at the PDF first?"
        )
        s.user(
            "I opened /tmp/labels.pdf: the barcode is fine, but a long product name like 'Tecido jacquard algodão "
            "orgânico 280 g/m² cru' pushes the barcode off the label. Please do the clamp, and the text could be a "
            "little smaller overall. Then the wizard."
        )
        s.work([
            ("write", "addons/mill_rolls/static/src/scss/roll_label.scss",
             ".mill-roll-label {\n    font-size: 9pt;\n    line-height: 1.15;\n    .name {\n        font-weight: bold;\n"
             "        max-height: 2.3em;\n        overflow: hidden;\n    }\n    img { width: 100%; margin-top: 1mm; }\n}\n"),
            ("edit", "addons/mill_rolls/__manifest__.py",
             "    \"license\": \"LGPL-3\",",
             "    \"assets\": {\"web.report_assets_common\": [\"mill_rolls/static/src/scss/roll_label.scss\"]},\n    \"license\": \"LGPL-3\","),
            ("bash", "./odoo-bin -c .odoorc -d mill_dev -u mill_rolls --stop-after-init 2>&1 | grep -E 'ERROR|loaded' | tail -1",
             "2026-11-12 09:20:44,870 INFO mill_dev odoo.modules.loading: 214 modules loaded in 6.02s, 388 queries"),
            ("bash", "./odoo-bin shell -c .odoorc -d mill_dev --no-http <<'PY' 2>/dev/null | tail -1\n"
             "r = env['mill.roll'].search([('product_id.name','ilike','jacquard')], limit=1)\n"
             "open('/tmp/long.pdf','wb').write(env['ir.actions.report']._render_qweb_pdf('mill_rolls.action_report_roll_label', r.ids)[0]); print(r.name)\nPY",
             "R-2026-004411"),
            ("bash", "pdftotext -layout /tmp/long.pdf - | head -5",
             "Tecido jacquard algodão orgânico 280\ng/m² cru\nLot DL-2611-07\n41.5 m x 160 cm\nR-2026-004411"),
            ("write", "addons/mill_rolls/wizard/roll_label_reprint.py",
             "from odoo import api, fields, models\n\n\nclass RollLabelReprint(models.TransientModel):\n"
             "    _name = \"mill.roll.label.reprint\"\n    _description = \"Reprint roll labels for a lot\"\n\n"
             "    lot_name = fields.Char(string=\"Scanned lot\")\n    lot_id = fields.Many2one(\"stock.lot\", compute=\"_compute_lot\", store=False)\n"
             "    roll_ids = fields.Many2many(\"mill.roll\", string=\"Rolls to print\")\n\n    @api.depends(\"lot_name\")\n"
             "    def _compute_lot(self):\n        for wiz in self:\n            wiz.lot_id = self.env[\"stock.lot\"].search([(\"name\", \"=\", (wiz.lot_name or \"\").strip())], limit=1)\n\n"
             "    @api.onchange(\"lot_name\")\n    def _onchange_lot_name(self):\n        self.roll_ids = self.env[\"mill.roll\"].search([(\"lot_id\", \"=\", self.lot_id.id)]) if self.lot_id else False\n\n"
             "    def action_print(self):\n        return self.env.ref(\"mill_rolls.action_report_roll_label\").report_action(self.roll_ids)\n"),
            ("write", "addons/mill_rolls/wizard/__init__.py", "from . import roll_label_reprint\n"),
            ("edit", "addons/mill_rolls/__init__.py", "from . import models", "from . import models\nfrom . import wizard"),
            ("write", "addons/mill_rolls/wizard/roll_label_reprint_views.xml",
             "<odoo>\n    <record id=\"view_roll_label_reprint_form\" model=\"ir.ui.view\">\n        <field name=\"model\">mill.roll.label.reprint</field>\n"
             "        <field name=\"arch\" type=\"xml\">\n            <form>\n                <field name=\"lot_name\" placeholder=\"Scan lot...\" default_focus=\"1\"/>\n"
             "                <field name=\"roll_ids\" widget=\"many2many_tags\"/>\n                <footer>\n"
             "                    <button name=\"action_print\" type=\"object\" string=\"Print\" class=\"btn-primary\" invisible=\"not roll_ids\"/>\n"
             "                    <button special=\"cancel\" string=\"Cancel\"/>\n                </footer>\n            </form>\n        </field>\n    </record>\n"
             "    <record id=\"action_roll_label_reprint\" model=\"ir.actions.act_window\">\n        <field name=\"name\">Reprint roll labels</field>\n"
             "        <field name=\"res_model\">mill.roll.label.reprint</field>\n        <field name=\"view_mode\">form</field>\n        <field name=\"target\">new</field>\n    </record>\n"
             "    <menuitem id=\"menu_roll_label_reprint\" parent=\"stock.menu_stock_warehouse_mgmt\" action=\"action_roll_label_reprint\"/>\n</odoo>\n"),
            ("edit", "addons/mill_rolls/security/ir.model.access.csv",
             "access_mill_roll_user,mill.roll user,model_mill_roll,stock.group_stock_user,1,1,1,0",
             "access_mill_roll_user,mill.roll user,model_mill_roll,stock.group_stock_user,1,1,1,0\n"
             "access_mill_roll_label_reprint,mill.roll.label.reprint,model_mill_roll_label_reprint,stock.group_stock_user,1,1,1,1"),
            ("edit", "addons/mill_rolls/__manifest__.py",
             "        \"report/roll_label.xml\",",
             "        \"report/roll_label.xml\",\n        \"wizard/roll_label_reprint_views.xml\","),
            ("bash", "./odoo-bin -c .odoorc -d mill_dev -u mill_rolls --stop-after-init 2>&1 | grep -E 'ERROR|loaded' | tail -1",
             "2026-11-12 10:02:31,552 INFO mill_dev odoo.modules.loading: 214 modules loaded in 6.40s, 451 queries"),
            ("write", "addons/mill_rolls/tests/test_roll_label.py",
             "from odoo.tests import TransactionCase, tagged\n\n\n@tagged(\"post_install\", \"-at_install\")\nclass TestRollLabel(TransactionCase):\n"
             "    @classmethod\n    def setUpClass(cls):\n        super().setUpClass()\n        cls.product = cls.env[\"product.product\"].create({\"name\": \"Test fabric\", \"tracking\": \"lot\", \"type\": \"product\"})\n"
             "        cls.lot = cls.env[\"stock.lot\"].create({\"name\": \"DL-TEST-1\", \"product_id\": cls.product.id})\n"
             "        cls.rolls = cls.env[\"mill.roll\"].create([{\"name\": f\"R-T-{i}\", \"product_id\": cls.product.id, \"lot_id\": cls.lot.id, \"length_m\": 40.0, \"width_cm\": 160} for i in range(3)])\n\n"
             "    def test_label_renders_one_page_per_roll(self):\n        pdf, kind = self.env[\"ir.actions.report\"]._render_qweb_pdf(\"mill_rolls.action_report_roll_label\", self.rolls.ids)\n"
             "        self.assertEqual(kind, \"pdf\")\n        self.assertEqual(pdf.count(b\"/Type /Page\\n\") or pdf.count(b\"/Type /Page \"), 3)\n\n"
             "    def test_reprint_wizard_finds_rolls_of_scanned_lot(self):\n        wiz = self.env[\"mill.roll.label.reprint\"].new({\"lot_name\": \" DL-TEST-1 \"})\n"
             "        wiz._onchange_lot_name()\n        self.assertEqual(wiz.roll_ids, self.rolls)\n"),
            ("edit", "addons/mill_rolls/tests/__init__.py", "from . import test_roll", "from . import test_roll\nfrom . import test_roll_label"),
            ("bash", "./odoo-bin -c .odoorc -d mill_test -i mill_rolls --test-tags /mill_rolls --stop-after-init 2>&1 | grep -E 'FAIL|ERROR|Ran|tests' | tail -4",
             "2026-11-12 10:14:09,118 ERROR mill_test odoo.addons.mill_rolls.tests.test_roll_label: FAIL: TestRollLabel.test_label_renders_one_page_per_roll\n"
             "AssertionError: 0 != 3\n2026-11-12 10:14:09,402 INFO mill_test odoo.tests.stats: mill_rolls: 7 tests 0.81s 61 queries\n"
             "2026-11-12 10:14:09,402 ERROR mill_test odoo.tests.result: 1 failed, 0 error(s) of 7 tests"),
        ])
        s.say(
            "The page-count assertion is my test's fault: wkhtmltopdf writes `/Type/Page` without the space, so "
            "counting raw bytes is brittle. I'll count pages with `PyPDF2`, which Odoo already ships with."
        )
        s.work([
            ("edit", "addons/mill_rolls/tests/test_roll_label.py",
             "        self.assertEqual(pdf.count(b\"/Type /Page\\n\") or pdf.count(b\"/Type /Page \"), 3)",
             "        self.assertEqual(len(PdfFileReader(io.BytesIO(pdf)).pages), 3)"),
            ("edit", "addons/mill_rolls/tests/test_roll_label.py",
             "from odoo.tests import TransactionCase, tagged",
             "import io\n\nfrom odoo.tools.pdf import PdfFileReader\nfrom odoo.tests import TransactionCase, tagged"),
            ("bash", "./odoo-bin -c .odoorc -d mill_test -u mill_rolls --test-tags /mill_rolls --stop-after-init 2>&1 | grep -E 'FAIL|ERROR|tests' | tail -2",
             "2026-11-12 10:19:47,660 INFO mill_test odoo.tests.stats: mill_rolls: 7 tests 0.93s 64 queries\n"
             "2026-11-12 10:19:47,661 INFO mill_test odoo.tests.result: 0 failed, 0 error(s) of 7 tests"),
            ("bash", "git status --short",
             " M addons/mill_rolls/__init__.py\n M addons/mill_rolls/__manifest__.py\n M addons/mill_rolls/security/ir.model.access.csv\n"
             " M addons/mill_rolls/tests/__init__.py\n?? addons/mill_rolls/report/\n?? addons/mill_rolls/static/\n"
             "?? addons/mill_rolls/tests/test_roll_label.py\n?? addons/mill_rolls/wizard/"),
        ])
        s.say("All 7 tests of `mill_rolls` pass, including the two new ones (three pages for three rolls; the wizard finds the rolls of a scanned lot, spaces trimmed).")
        s.user(
            "Lovely. Please bump the module version, then write me a summary of the whole thing I can paste as the "
            "merge request description: what was added, how to test it, and anything still open."
        )
        s.work([
            ("edit", "addons/mill_rolls/__manifest__.py", "    \"version\": \"17.0.1.2.0\",", "    \"version\": \"17.0.1.3.0\","),
            ("bash", "git add -A addons/mill_rolls && git commit -qm \"mill_rolls: roll label report (100x60) and reprint wizard\" && git log -1 --oneline",
             "a8f2c6e mill_rolls: roll label report (100x60) and reprint wizard"),
        ])
        s.say(
            "Version bumped to 17.0.1.3.0 and committed (`a8f2c6e`). For the merge request:\n\n"
            "**Roll labels (mill_rolls 17.0.1.3.0)**\n\n"
            "Added:\n- QWeb PDF report *Roll label* on `mill.roll`, on a custom 100 x 60 mm paper format (203 dpi for the "
            "ZD421): product name (bold, clamped to two lines), lot, length (1 decimal) x width (0 decimals), Code 128 "
            "of the roll name with the human-readable text under it. Printable from the roll form and from a list "
            "selection (Print menu).\n- Report stylesheet `static/src/scss/roll_label.scss` (9 pt text).\n- Wizard "
            "*Reprint roll labels* (Inventory > Warehouse Management): scan a lot, the rolls of that lot are "
            "preselected, remove the ones you don't want, Print. Access for stock users.\n- Tests: one page per roll; "
            "the wizard finds the rolls of a scanned lot (with stray spaces).\n\nHow to test:\n1. Update `mill_rolls`.\n"
            "2. Open a roll, Print > Roll label; check the PDF is 100 x 60 mm.\n3. Select several rolls in the list, "
            "Print > Roll label: one page each.\n4. Inventory > Warehouse Management > Reprint roll labels, scan a lot "
            "(e.g. DL-2611-07).\n\nOpen:\n- Not yet printed on the real ZD421 through the IoT box; the barcode width "
            "(600 px) may need a tweak once scanned with the warehouse's handhelds.\n- pt_PT translations of the "
            "wizard's labels."
        )

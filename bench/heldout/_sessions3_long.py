"""Third held-out set: long English sessions whose only memory-worthy thing is the session itself (k27-k29)."""


def register(session):
    @session("k27-summary-dunning-emails-chatty", "fernbill", "2026-10-21T09:00:00", ["session_summary"], maybe=("decision",))
    def _(s):
        s.user(
            "Morning! Big one today: dunning. When a renewal payment fails Stripe retries on its own schedule (smart retries), but we "
            "send nothing to the customer, so they find out when their account gets suspended and then they write angry emails to "
            "support, which is me 🙃. I want: email 1 right away when invoice.payment_failed arrives, email 2 three days later if still "
            "unpaid, email 3 'last chance' two days before Stripe gives up. Each email with a link to update the card (Stripe billing "
            "portal). Let's go step by step, I'll watch."
        )
        s.tool("Grep", {"pattern": "payment_failed|invoice\\.", "output_mode": "content", "-n": True, "path": "/home/priya/code/fernbill/app"},
               "app/controllers/stripe_webhooks_controller.rb:19:    when 'invoice.paid' then Billing::InvoicePaid.call(event)\napp/controllers/stripe_webhooks_controller.rb:20:    when 'invoice.finalized' then Billing::InvoiceFinalized.call(event)")
        s.read("app/controllers/stripe_webhooks_controller.rb",
               "class StripeWebhooksController < ApplicationController\n  skip_before_action :verify_authenticity_token\n\n  def create\n    event = Stripe::Webhook.construct_event(request.body.read, request.headers['Stripe-Signature'], ENV.fetch('STRIPE_WEBHOOK_SECRET'))\n    case event.type\n    when 'invoice.paid' then Billing::InvoicePaid.call(event)\n    when 'invoice.finalized' then Billing::InvoiceFinalized.call(event)\n    end\n    head :ok\n  end\nend")
        s.bash("bin/rails g migration CreateDunningAttempts invoice:references step:integer sent_at:datetime", "      invoke  active_record\n      create    db/migrate/20261021091204_create_dunning_attempts.rb")
        s.edit("db/migrate/20261021091204_create_dunning_attempts.rb", "      t.datetime :sent_at", "      t.datetime :sent_at\n      t.index [:invoice_id, :step], unique: true")
        s.bash("bin/rails db:migrate 2>&1 | tail -3", "== 20261021091204 CreateDunningAttempts: migrating ========================\n-- create_table(:dunning_attempts)\n== 20261021091204 CreateDunningAttempts: migrated (0.0093s) ===============")
        s.write("app/models/dunning_attempt.rb", "class DunningAttempt < ApplicationRecord\n  belongs_to :invoice\n  STEPS = { 1 => 0.days, 2 => 3.days, 3 => :last_chance }.freeze\n  validates :step, inclusion: { in: STEPS.keys }\nend\n")
        s.edit("app/controllers/stripe_webhooks_controller.rb", "    when 'invoice.finalized' then Billing::InvoiceFinalized.call(event)",
               "    when 'invoice.finalized' then Billing::InvoiceFinalized.call(event)\n    when 'invoice.payment_failed' then Billing::PaymentFailed.call(event)")
        s.write("app/services/billing/payment_failed.rb",
                "module Billing\n  class PaymentFailed\n    def self.call(event)\n      stripe_invoice = event.data.object\n      invoice = Invoice.find_by!(stripe_id: stripe_invoice.id)\n      return if invoice.dunning_attempts.exists?(step: 1)\n\n      DunningJob.perform_async(invoice.id, 1)\n      DunningJob.perform_in(3.days, invoice.id, 2)\n      last = Time.zone.at(stripe_invoice.next_payment_attempt || 7.days.from_now.to_i) - 2.days\n      DunningJob.perform_at(last, invoice.id, 3)\n    end\n  end\nend\n")
        s.write("app/jobs/dunning_job.rb",
                "class DunningJob\n  include Sidekiq::Job\n  sidekiq_options queue: :mailers, retry: 5\n\n  def perform(invoice_id, step)\n    invoice = Invoice.find(invoice_id)\n    return if invoice.paid?\n    return if invoice.dunning_attempts.exists?(step: step)\n\n    DunningMailer.with(invoice: invoice, step: step).reminder.deliver_now\n    invoice.dunning_attempts.create!(step: step, sent_at: Time.current)\n  end\nend\n")
        s.bash("bundle exec rspec spec/requests/stripe_webhooks_spec.rb -q 2>&1 | tail -3", "\nFinished in 1.2 seconds (files took 3.1 seconds to load)\n7 examples, 0 failures")
        s.user("nice. the portal link — we have Billing::PortalSession somewhere already I think, for the settings page")
        s.tool("Grep", {"pattern": "class PortalSession", "output_mode": "content", "-n": True},
               "app/services/billing/portal_session.rb:2:  class PortalSession")
        s.read("app/services/billing/portal_session.rb",
               "module Billing\n  class PortalSession\n    def self.url_for(account, return_url:)\n      Stripe::BillingPortal::Session.create(customer: account.stripe_customer_id, return_url: return_url).url\n    end\n  end\nend")
        s.say("Yes, `Billing::PortalSession.url_for(account, return_url:)`. Portal session URLs expire after a short time though, so I won't put one straight into the email; the email links to our own `/billing/update-card` route, which creates a fresh portal session and redirects.")
        s.user("oh good catch, yes")
        s.edit("config/routes.rb", "  namespace :billing do", "  namespace :billing do\n    get 'update-card', to: 'cards#edit', as: :update_card")
        s.write("app/controllers/billing/cards_controller.rb",
                "module Billing\n  class CardsController < ApplicationController\n    before_action :authenticate_user!\n\n    def edit\n      redirect_to Billing::PortalSession.url_for(current_account, return_url: settings_billing_url), allow_other_host: true\n    end\n  end\nend\n")
        s.write("app/mailers/dunning_mailer.rb",
                "class DunningMailer < ApplicationMailer\n  def reminder\n    @invoice = params[:invoice]\n    @step = params[:step]\n    @update_url = billing_update_card_url\n    mail(to: @invoice.account.billing_email, subject: t(\"dunning.subject.step_#{@step}\", amount: @invoice.amount_formatted))\n  end\nend\n")
        for step, body in ((1, "Your payment of %{amount} didn't go through"), (2, "Reminder: %{amount} still unpaid"), (3, "Last chance to keep your account active")):
            s.write(f"app/views/dunning_mailer/reminder_step_{step}.html.erb",
                    f"<p>Hi <%= @invoice.account.owner_first_name %>,</p>\n<p><%= t('dunning.body.step_{step}', amount: @invoice.amount_formatted) %></p>\n<p><%= link_to t('dunning.cta'), @update_url %></p>\n")
        s.edit("config/locales/en.yml", "  billing:", "  dunning:\n    cta: Update your card\n    subject:\n      step_1: \"Your payment of %{amount} didn't go through\"\n      step_2: \"Reminder: %{amount} is still unpaid\"\n      step_3: \"Last chance to keep your account active\"\n  billing:")
        s.edit("app/mailers/dunning_mailer.rb", "    mail(to: @invoice.account.billing_email, subject: t(\"dunning.subject.step_#{@step}\", amount: @invoice.amount_formatted))",
               "    mail(to: @invoice.account.billing_email, subject: t(\"dunning.subject.step_#{@step}\", amount: @invoice.amount_formatted),\n         template_name: \"reminder_step_#{@step}\")")
        s.write("spec/jobs/dunning_job_spec.rb",
                "require 'rails_helper'\n\nRSpec.describe DunningJob do\n  let(:invoice) { create(:invoice, :open) }\n\n  it 'sends the step once' do\n    expect { 2.times { described_class.new.perform(invoice.id, 1) } }\n      .to change { ActionMailer::Base.deliveries.size }.by(1)\n  end\n\n  it 'sends nothing once the invoice is paid' do\n    invoice.update!(status: 'paid')\n    expect { described_class.new.perform(invoice.id, 2) }.not_to(change { ActionMailer::Base.deliveries.size })\n  end\nend\n")
        s.bash("bundle exec rspec spec/jobs/dunning_job_spec.rb 2>&1 | tail -8",
               "F.\n\nFailures:\n\n  1) DunningJob sends the step once\n     Failure/Error: mail(to: @invoice.account.billing_email, ...\n     ActionView::Template::Error:\n       undefined local variable or method `billing_update_card_url'")
        s.say("Mailers don't have the routes' default host in test. Adding `default_url_options` for the test environment.")
        s.edit("config/environments/test.rb", "  config.action_mailer.delivery_method = :test", "  config.action_mailer.delivery_method = :test\n  config.action_mailer.default_url_options = { host: 'example.test' }")
        s.bash("bundle exec rspec spec/jobs/dunning_job_spec.rb 2>&1 | tail -2", "\n2 examples, 0 failures")
        s.write("spec/services/billing/payment_failed_spec.rb",
                "require 'rails_helper'\n\nRSpec.describe Billing::PaymentFailed do\n  it 'schedules the three steps once' do\n    invoice = create(:invoice, stripe_id: 'in_1')\n    event = stripe_event('invoice.payment_failed', id: 'in_1', next_payment_attempt: 8.days.from_now.to_i)\n    expect { 2.times { described_class.call(event) } }.to change(DunningJob.jobs, :size).by(3)\n  end\nend\n")
        s.bash("bundle exec rspec spec/services/billing/payment_failed_spec.rb 2>&1 | tail -6",
               "F\n\nFailures:\n\n  1) Billing::PaymentFailed schedules the three steps once\n     expected `DunningJob.jobs.size` to have changed by 3, but was changed by 6")
        s.say("The guard checks for a sent step-1 attempt, but step 1 is only recorded when the job runs, so a duplicate webhook (Stripe does resend) schedules everything again. Guarding on the scheduled state instead: I'll record a `dunning_started_at` on the invoice.")
        s.bash("bin/rails g migration AddDunningStartedAtToInvoices dunning_started_at:datetime && bin/rails db:migrate 2>&1 | tail -1",
               "      create    db/migrate/20261021103550_add_dunning_started_at_to_invoices.rb\n== 20261021103550 AddDunningStartedAtToInvoices: migrated (0.0041s) ========")
        s.edit("app/services/billing/payment_failed.rb", "      return if invoice.dunning_attempts.exists?(step: 1)\n",
               "      updated = Invoice.where(id: invoice.id, dunning_started_at: nil).update_all(dunning_started_at: Time.current)\n      return if updated.zero?\n")
        s.bash("bundle exec rspec spec/services/billing/payment_failed_spec.rb spec/jobs/dunning_job_spec.rb 2>&1 | tail -2", "\n3 examples, 0 failures")
        s.user("can I see it? the email I mean")
        s.write("spec/mailers/previews/dunning_mailer_preview.rb",
                "class DunningMailerPreview < ActionMailer::Preview\n  (1..3).each do |step|\n    define_method(\"step_#{step}\") { DunningMailer.with(invoice: Invoice.open.first, step: step).reminder }\n  end\nend\n")
        s.bash("curl -s localhost:3000/rails/mailers/dunning_mailer/step_1 | grep -o '<p>.*</p>' | head -3",
               "<p>Hi Marta,</p>\n<p>Your payment of €49.00 didn&#39;t go through</p>\n<p><a href=\"http://localhost:3000/billing/update-card\">Update your card</a></p>")
        s.user("step 2 body says the same as the subject, can it say when we'll try again?")
        s.edit("config/locales/en.yml", "      step_2: \"Reminder: %{amount} is still unpaid\"\n  billing:",
               "      step_2: \"Reminder: %{amount} is still unpaid\"\n    body:\n      step_1: \"Your payment of %{amount} didn't go through. We'll try again automatically.\"\n      step_2: \"Your payment of %{amount} is still unpaid. We'll try your card again on %{next_attempt}.\"\n      step_3: \"We couldn't collect %{amount}. Update your card in the next two days to keep your account active.\"\n  billing:")
        s.edit("app/views/dunning_mailer/reminder_step_2.html.erb", "t('dunning.body.step_2', amount: @invoice.amount_formatted)",
               "t('dunning.body.step_2', amount: @invoice.amount_formatted, next_attempt: l(@invoice.next_payment_attempt_at.to_date, format: :long))")
        s.bash("bundle exec rspec -q 2>&1 | tail -3", "\nFinished in 41.7 seconds (files took 3.4 seconds to load)\n612 examples, 0 failures, 3 pending")
        s.bash("bundle exec rubocop app/services/billing app/jobs app/mailers -a 2>&1 | tail -1", "14 files inspected, no offenses detected")
        s.bash("git add -A && git commit -qm 'Dunning: three reminder emails on failed renewals' && git log --oneline -1", "8f2d0c1 Dunning: three reminder emails on failed renewals")
        s.user("ok I have to go get my kid from daycare in 10 min 🏃‍♀️ where are we, what's still to do? I'll pick it up tomorrow")
        s.say(
            "**Done today** (committed as `8f2d0c1`, not deployed):\n"
            "- `invoice.payment_failed` webhook → `Billing::PaymentFailed` schedules three `DunningJob`s: now, +3 days, and two days before Stripe's last retry (`next_payment_attempt`).\n"
            "- Duplicate webhooks are ignored (`invoices.dunning_started_at`, set atomically); each step is sent at most once (`dunning_attempts`, unique on invoice+step); nothing is sent once the invoice is paid.\n"
            "- `DunningMailer#reminder` with three templates and en.yml texts; the card link goes to `/billing/update-card`, which opens a fresh Stripe portal session.\n"
            "- Mailer previews at `/rails/mailers/dunning_mailer/step_{1,2,3}`; full suite green (612 examples).\n\n"
            "**Still to do**\n- German and French texts (`de.yml`, `fr.yml` have no `dunning:` keys yet).\n"
            "- Step 3 timing when `next_payment_attempt` is nil (falls back to 7 days, untested).\n"
            "- Turn on the `invoice.payment_failed` event for the webhook endpoint in the Stripe dashboard before deploying.\n"
            "- Deploy, then watch the first real failures."
        )

    @session("k28-summary-lsp-hover-terse-long", "glyphc", "2026-10-22T08:30:00", ["session_summary"], maybe=("decision", "constraint", "tech_debt"))
    def _(s):
        s.user("lsp hover. show type + doc comment for idents, fns, filters. start")
        s.read("crates/lsp/src/main.rs",
               "#[tower_lsp::async_trait]\nimpl LanguageServer for Backend {\n    async fn initialize(&self, _: InitializeParams) -> Result<InitializeResult> {\n        Ok(InitializeResult {\n            capabilities: ServerCapabilities {\n                text_document_sync: Some(TextDocumentSyncKind::FULL.into()),\n                ..Default::default()\n            },\n            ..Default::default()\n        })\n    }")
        s.edit("crates/lsp/src/main.rs", "                text_document_sync: Some(TextDocumentSyncKind::FULL.into()),",
               "                text_document_sync: Some(TextDocumentSyncKind::FULL.into()),\n                hover_provider: Some(HoverProviderCapability::Simple(true)),")
        s.read("crates/check/src/typeck.rs", "pub struct TypeckResults {\n    pub expr_types: HashMap<ExprId, Ty>,\n    pub resolutions: HashMap<ExprId, Def>,\n}")
        s.tool("Grep", {"pattern": "fn node_at_offset|fn find_at", "output_mode": "content", "-n": True}, "")
        s.say("There's no way yet to find the expression under the cursor. Adding `node_at_offset` to the syntax crate first.")
        s.write("crates/syntax/src/locate.rs",
                "use crate::{ast::*, SrcSpan};\n\n/// The innermost expression whose span contains `offset`.\npub fn node_at_offset(file: &File, offset: u32) -> Option<ExprId> {\n    let mut best: Option<(ExprId, SrcSpan)> = None;\n    for (id, span) in file.spans.iter() {\n        if span.contains(offset) && best.map_or(true, |(_, b)| span.len() < b.len()) {\n            best = Some((id, *span));\n        }\n    }\n    best.map(|(id, _)| id)\n}\n")
        s.edit("crates/syntax/src/lib.rs", "pub mod span;", "pub mod locate;\npub mod span;")
        s.bash("cargo check -p syntax 2>&1 | tail -6",
               "error[E0599]: no method named `contains` found for struct `SrcSpan` in the current scope\n --> crates/syntax/src/locate.rs:7:17\n  |\n7 |         if span.contains(offset) && ...\n  |                 ^^^^^^^^ method not found in `SrcSpan`")
        s.edit("crates/syntax/src/span.rs", "impl SrcSpan {", "impl SrcSpan {\n    pub fn contains(&self, offset: u32) -> bool {\n        self.start <= offset && offset < self.end\n    }\n")
        s.bash("cargo check -p syntax 2>&1 | tail -1", "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 2.10s")
        s.write("crates/syntax/tests/locate.rs",
                "use syntax::{locate::node_at_offset, parse};\n\n#[test]\nfn innermost_wins() {\n    let f = parse(\"{{ name | upper }}\");\n    let id = node_at_offset(&f, 4).unwrap();\n    assert_eq!(f.text_of(id), \"name\");\n}\n\n#[test]\nfn whitespace_between_is_none() {\n    let f = parse(\"{{ a }}   {{ b }}\");\n    assert!(node_at_offset(&f, 8).is_none());\n}\n")
        s.bash("cargo test -p syntax --test locate -q 2>&1 | tail -1", "test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s")
        s.user("ok. line/col conversion exists in convert.rs")
        s.read("crates/lsp/src/convert.rs", "pub fn to_range(text: &LineIndex, span: SrcSpan) -> Range { ... }\npub fn to_offset(text: &LineIndex, pos: Position) -> u32 { ... }")
        s.write("crates/lsp/src/hover.rs",
                "use check::{Def, TypeckResults};\nuse syntax::{locate::node_at_offset, File};\nuse tower_lsp::lsp_types::*;\n\nuse crate::convert::{to_offset, to_range};\n\npub fn hover(file: &File, types: &TypeckResults, index: &LineIndex, pos: Position) -> Option<Hover> {\n    let id = node_at_offset(file, to_offset(index, pos))?;\n    let ty = types.expr_types.get(&id)?;\n    let mut md = format!(\"```glyph\\n{}: {}\\n```\", file.text_of(id), ty);\n    if let Some(doc) = types.resolutions.get(&id).and_then(Def::doc) {\n        md.push_str(\"\\n\\n\");\n        md.push_str(doc);\n    }\n    Some(Hover {\n        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: md }),\n        range: Some(to_range(index, file.spans[id])),\n    })\n}\n")
        s.edit("crates/lsp/src/main.rs", "    async fn shutdown(&self) -> Result<()> {",
               "    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {\n        let uri = params.text_document_position_params.text_document.uri;\n        let pos = params.text_document_position_params.position;\n        Ok(self.docs.get(&uri).and_then(|d| hover::hover(&d.file, &d.types, &d.index, pos)))\n    }\n\n    async fn shutdown(&self) -> Result<()> {")
        s.bash("cargo check -p lsp 2>&1 | tail -8",
               "error[E0599]: no method named `doc` found for enum `Def`\n  --> crates/lsp/src/hover.rs:11:72\n\nerror[E0609]: no field `types` on type `Ref<'_, Url, Document>`\n  --> crates/lsp/src/main.rs:88:67")
        s.read("crates/check/src/def.rs", "pub enum Def {\n    Local(LocalId),\n    Func(FuncId),\n    Filter(&'static BuiltinFilter),\n}")
        s.read("crates/check/src/builtins.rs", "pub struct BuiltinFilter {\n    pub name: &'static str,\n    pub sig: &'static str,\n}\n\npub static FILTERS: &[BuiltinFilter] = &[\n    BuiltinFilter { name: \"upper\", sig: \"str -> str\" },\n    BuiltinFilter { name: \"lower\", sig: \"str -> str\" },\n    BuiltinFilter { name: \"join\", sig: \"[str], str -> str\" },\n    BuiltinFilter { name: \"default\", sig: \"T?, T -> T\" },\n    BuiltinFilter { name: \"date\", sig: \"datetime, str -> str\" },\n]")
        s.say("Builtin filters have no doc text yet. Adding a `doc` field to `BuiltinFilter` and writing one line for each of the 5 filters; for user functions the parser already keeps `///` comments on `FuncDecl`.")
        s.edit("crates/check/src/builtins.rs", "    pub sig: &'static str,\n}", "    pub sig: &'static str,\n    pub doc: &'static str,\n}")
        docs = {
            "upper": "Uppercases a string (Unicode-aware).",
            "lower": "Lowercases a string (Unicode-aware).",
            "join": "Joins a list of strings with a separator.",
            "default": "Returns the value, or the fallback when the value is none.",
            "date": "Formats a datetime with a strftime-style pattern.",
        }
        for name, doc in docs.items():
            s.edit("crates/check/src/builtins.rs", f"    BuiltinFilter {{ name: \"{name}\", sig:", f"    BuiltinFilter {{ name: \"{name}\", doc: \"{doc}\", sig:")
        s.edit("crates/check/src/def.rs", "    Filter(&'static BuiltinFilter),\n}",
               "    Filter(&'static BuiltinFilter),\n}\n\nimpl Def {\n    pub fn doc<'a>(&self, db: &'a Db) -> Option<&'a str> {\n        match self {\n            Def::Local(_) => None,\n            Def::Func(id) => db.func(*id).doc.as_deref(),\n            Def::Filter(f) => Some(f.doc),\n        }\n    }\n}")
        s.edit("crates/lsp/src/hover.rs", "and_then(Def::doc)", "and_then(|d| d.doc(db))")
        s.edit("crates/lsp/src/hover.rs", "pub fn hover(file: &File, types: &TypeckResults,", "pub fn hover(db: &Db, file: &File, types: &TypeckResults,")
        s.read("crates/lsp/src/document.rs", "pub struct Document {\n    pub text: String,\n    pub file: File,\n    pub index: LineIndex,\n}")
        s.edit("crates/lsp/src/document.rs", "    pub index: LineIndex,\n}", "    pub index: LineIndex,\n    pub types: TypeckResults,\n}")
        s.edit("crates/lsp/src/document.rs", "        let index = LineIndex::new(&text);", "        let index = LineIndex::new(&text);\n        let types = check::typeck(&db, &file);")
        s.edit("crates/lsp/src/main.rs", "hover::hover(&d.file, &d.types, &d.index, pos)", "hover::hover(&self.db, &d.file, &d.types, &d.index, pos)")
        s.bash("cargo check --workspace 2>&1 | tail -1", "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 8.77s")
        s.bash("cargo test --workspace -q 2>&1 | tail -1", "test result: ok. 216 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.04s")
        s.user("test through the protocol, not just the fn")
        s.read("crates/lsp/tests/support/mod.rs", "pub struct TestServer { ... }\nimpl TestServer {\n    pub async fn open(&mut self, uri: &str, text: &str) { ... }\n    pub async fn request<R: Request>(&mut self, params: R::Params) -> R::Result { ... }\n}")
        s.write("crates/lsp/tests/hover.rs",
                "mod support;\nuse support::TestServer;\nuse tower_lsp::lsp_types::{request::HoverRequest, *};\n\nasync fn hover_at(text: &str, line: u32, character: u32) -> Option<Hover> {\n    let mut srv = TestServer::start().await;\n    srv.open(\"file:///t.glyph\", text).await;\n    srv.request::<HoverRequest>(HoverParams {\n        text_document_position_params: TextDocumentPositionParams::new(TextDocumentIdentifier::new(\"file:///t.glyph\".parse().unwrap()), Position::new(line, character)),\n        work_done_progress_params: Default::default(),\n    }).await\n}\n\n#[tokio::test]\nasync fn filter_shows_signature_and_doc() {\n    let h = hover_at(\"{{ name | upper }}\", 0, 11).await.unwrap();\n    let HoverContents::Markup(m) = h.contents else { panic!() };\n    assert!(m.value.contains(\"str -> str\"));\n    assert!(m.value.contains(\"Uppercases\"));\n}\n\n#[tokio::test]\nasync fn local_shows_type() {\n    let h = hover_at(\"{% let n = 3 %}{{ n }}\", 0, 18).await.unwrap();\n    let HoverContents::Markup(m) = h.contents else { panic!() };\n    assert!(m.value.contains(\"n: int\"));\n}\n\n#[tokio::test]\nasync fn nothing_on_whitespace() {\n    assert!(hover_at(\"{{ a }}   {{ b }}\", 0, 8).await.is_none());\n}\n")
        s.bash("cargo test -p lsp --test hover 2>&1 | tail -12",
               "running 3 tests\ntest nothing_on_whitespace ... ok\ntest local_shows_type ... ok\ntest filter_shows_signature_and_doc ... FAILED\n\n---- filter_shows_signature_and_doc stdout ----\nthread 'filter_shows_signature_and_doc' panicked at crates/lsp/tests/hover.rs:18:5:\nassertion failed: m.value.contains(\"str -> str\")\n\nfailures:\n    filter_shows_signature_and_doc\n\ntest result: FAILED. 2 passed; 1 failed")
        s.say("For a filter the hover shows the inferred type of the *filter application* node, not the filter itself: offset 11 lands in `upper`, but `upper` in a pipe isn't its own expression, it's the callee name of `Pipe`. Need `node_at_offset` to also return the callee name span.")
        s.read("crates/syntax/src/ast.rs", "pub enum Expr {\n    Lit(Literal),\n    Var(Ident),\n    Call(ExprId, Vec<ExprId>),\n    Pipe(ExprId, Ident),\n    If(ExprId, ExprId, Option<ExprId>),\n}")
        s.edit("crates/syntax/src/locate.rs", "/// The innermost expression whose span contains `offset`.\npub fn node_at_offset(file: &File, offset: u32) -> Option<ExprId> {",
               "pub enum Located {\n    Expr(ExprId),\n    FilterName(ExprId),\n}\n\n/// The innermost expression whose span contains `offset`, or the filter name of a pipe.\npub fn node_at_offset(file: &File, offset: u32) -> Option<Located> {")
        s.edit("crates/syntax/src/locate.rs", "    best.map(|(id, _)| id)",
               "    let id = best.map(|(id, _)| id)?;\n    if let Expr::Pipe(_, name) = &file.exprs[id] {\n        if name.span.contains(offset) {\n            return Some(Located::FilterName(id));\n        }\n    }\n    Some(Located::Expr(id))")
        s.edit("crates/lsp/src/hover.rs", "    let id = node_at_offset(file, to_offset(index, pos))?;\n    let ty = types.expr_types.get(&id)?;",
               "    let (id, ty) = match node_at_offset(file, to_offset(index, pos))? {\n        Located::Expr(id) => (id, types.expr_types.get(&id)?.to_string()),\n        Located::FilterName(id) => (id, types.filter_sig(id)?.to_string()),\n    };")
        s.edit("crates/check/src/typeck.rs", "impl TypeckResults {", "impl TypeckResults {\n    pub fn filter_sig(&self, pipe: ExprId) -> Option<&'static str> {\n        match self.resolutions.get(&pipe)? {\n            Def::Filter(f) => Some(f.sig),\n            _ => None,\n        }\n    }\n")
        s.edit("crates/syntax/tests/locate.rs", "    let id = node_at_offset(&f, 4).unwrap();\n    assert_eq!(f.text_of(id), \"name\");",
               "    let Some(Located::Expr(id)) = node_at_offset(&f, 4) else { panic!() };\n    assert_eq!(f.text_of(id), \"name\");\n    assert!(matches!(node_at_offset(&f, 11), Some(Located::FilterName(_))));")
        s.bash("cargo test --workspace -q 2>&1 | tail -3", "test result: ok. 219 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.11s")
        s.user("let-else in the test. 1.63")
        s.edit("crates/syntax/tests/locate.rs", "    let Some(Located::Expr(id)) = node_at_offset(&f, 4) else { panic!() };",
               "    let id = match node_at_offset(&f, 4) {\n        Some(Located::Expr(id)) => id,\n        _ => panic!(\"no expr at 4\"),\n    };")
        for test in ("filter_shows_signature_and_doc", "local_shows_type"):
            s.edit("crates/lsp/tests/hover.rs", f"async fn {test}() {{" + ("\n    let h = hover_at(\"{{ name | upper }}\", 0, 11).await.unwrap();\n    let HoverContents::Markup(m) = h.contents else { panic!() };" if test.startswith("filter") else "\n    let h = hover_at(\"{% let n = 3 %}{{ n }}\", 0, 18).await.unwrap();\n    let HoverContents::Markup(m) = h.contents else { panic!() };"),
                   f"async fn {test}() {{" + ("\n    let h = hover_at(\"{{ name | upper }}\", 0, 11).await.unwrap();\n    let m = markup(h);" if test.startswith("filter") else "\n    let h = hover_at(\"{% let n = 3 %}{{ n }}\", 0, 18).await.unwrap();\n    let m = markup(h);"))
        s.edit("crates/lsp/tests/hover.rs", "#[tokio::test]\nasync fn filter_shows_signature_and_doc() {",
               "fn markup(h: Hover) -> MarkupContent {\n    match h.contents {\n        HoverContents::Markup(m) => m,\n        other => panic!(\"not markup: {other:?}\"),\n    }\n}\n\n#[tokio::test]\nasync fn filter_shows_signature_and_doc() {")
        s.bash("cargo +1.63 test --workspace -q 2>&1 | tail -2", "test result: ok. 219 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.60s")
        s.user("try in helix")
        s.bash("cargo build -q -p lsp --release && ls -la target/release/glyph-lsp", "-rwxr-xr-x 1 sven sven 7214336 Oct 22 10:41 target/release/glyph-lsp")
        s.bash("cat ~/.config/helix/languages.toml", "[[language]]\nname = \"glyph\"\nscope = \"source.glyph\"\nfile-types = [\"glyph\"]\nlanguage-servers = [\"glyph-lsp\"]\n\n[language-server.glyph-lsp]\ncommand = \"glyph-lsp\"")
        s.bash("cp target/release/glyph-lsp ~/.local/bin/ && hx --health glyph 2>&1 | head -4", "Configured language servers:\n  ✓ glyph-lsp: /home/sven/.local/bin/glyph-lsp\nConfigured debug adapter: None\nHighlight queries: ✓")
        s.user("works. doc comments on user fns show with the /// still in them")
        s.tool("Grep", {"pattern": "doc_comment|///", "output_mode": "content", "-n": True, "path": "/home/sven/src/glyphc/crates/syntax/src/parser.rs"},
               "212:        let doc = self.take_doc_comments();\n598:    fn take_doc_comments(&mut self) -> Option<String> {\n601:            lines.push(self.text(tok).to_string());")
        s.edit("crates/syntax/src/parser.rs", "            lines.push(self.text(tok).to_string());",
               "            let line = self.text(tok).trim_start_matches(\"///\");\n            lines.push(line.strip_prefix(' ').unwrap_or(line).to_string());")
        s.write("crates/syntax/tests/doc_comments.rs",
                "use syntax::parse;\n\n#[test]\nfn markers_are_stripped() {\n    let f = parse(\"/// Greets.\\n/// Twice.\\n{% fn hi(n) %}{% endfn %}\");\n    assert_eq!(f.funcs()[0].doc.as_deref(), Some(\"Greets.\\nTwice.\"));\n}\n")
        s.bash("cargo test --workspace -q 2>&1 | tail -1", "test result: ok. 220 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.09s")
        s.bash("cargo clippy --workspace -q -- -D warnings 2>&1 | tail -4",
               "error: this `if` has identical blocks\n  --> crates/syntax/src/locate.rs:8:9\n\nerror: could not compile `syntax` (lib) due to 1 previous error")
        s.read("crates/syntax/src/locate.rs", "    for (id, span) in file.spans.iter() {\n        if span.contains(offset) && best.map_or(true, |(_, b)| span.len() < b.len()) {\n            best = Some((id, *span));\n        } else if span.contains(offset) && best.is_none() {\n            best = Some((id, *span));\n        }\n    }")
        s.edit("crates/syntax/src/locate.rs", "        } else if span.contains(offset) && best.is_none() {\n            best = Some((id, *span));\n        }", "        }")
        s.bash("cargo clippy --workspace -q -- -D warnings 2>&1 | tail -1; cargo test --workspace -q 2>&1 | tail -1", "test result: ok. 220 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.03s")
        s.bash("cargo fmt --all && git add -A && git commit -qm 'lsp: hover with types, filter signatures and doc comments' && git log --oneline -1", "c71e9a0 lsp: hover with types, filter signatures and doc comments")
        s.user("ok. tmrw goto-def. anything I should know before?")
        s.say(
            "State at `c71e9a0`:\n"
            "- Hover works for locals, user functions (type + doc comment, `///` stripped) and builtin filters (signature + the new one-line docs in `builtins.rs`); tested through the protocol (`crates/lsp/tests/hover.rs`) and checked in Helix.\n"
            "- `syntax::locate::node_at_offset` returns `Located::{Expr, FilterName}`; go-to-definition can use it directly.\n"
            "- `Document` now stores its `TypeckResults`, recomputed on every full sync; fine for now, but it's the first thing to look at if large templates feel slow.\n"
            "- Builds and tests on 1.63 (no let-else).\n\n"
            "For go-to-def: `resolutions` already maps each use to its `Def`; `Def::Func` needs the `FuncDecl`'s span (not stored yet), builtin filters have no location, so they'd return nothing."
        )

    @session("k29-summary-interval-workouts-typos", "stridewise", "2026-10-23T18:20:00", ["session_summary"], maybe=("decision",))
    def _(s):
        s.user("today interval workouts. user make plan like 6x400m with 90s rest, watch tells when run/rest. start with model + builder screen, watch part later")
        s.tool("Grep", {"pattern": "struct Workout|enum WorkoutKind", "output_mode": "content", "-n": True}, "Stridewise/Models/Workout.swift:3:enum WorkoutKind: String, Codable {")
        s.read("Stridewise/Models/Workout.swift", "enum WorkoutKind: String, Codable {\n    case easy, long, tempo\n}\n\nstruct Workout: Identifiable, Codable {\n    let id: UUID\n    var kind: WorkoutKind\n    var targetDistance: Measurement<UnitLength>?\n}")
        s.edit("Stridewise/Models/Workout.swift", "    case easy, long, tempo\n}", "    case easy, long, tempo, intervals\n}")
        s.write("Stridewise/Models/IntervalPlan.swift",
                "import Foundation\n\nstruct IntervalPlan: Codable, Equatable {\n    enum Target: Codable, Equatable {\n        case distance(Measurement<UnitLength>)\n        case duration(TimeInterval)\n    }\n\n    var warmup: TimeInterval = 600\n    var repeats: Int\n    var work: Target\n    var rest: TimeInterval\n    var cooldown: TimeInterval = 600\n\n    var steps: [Step] {\n        var out: [Step] = [.warmup(warmup)]\n        for i in 0..<repeats {\n            out.append(.work(work))\n            if i < repeats - 1 { out.append(.rest(rest)) }\n        }\n        out.append(.cooldown(cooldown))\n        return out\n    }\n}\n")
        s.bash("xcodebuild build -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' -quiet 2>&1 | tail -3",
               "Stridewise/Models/IntervalPlan.swift:15:26: error: cannot find type 'Step' in scope\n        var out: [Step] = [.warmup(warmup)]")
        s.edit("Stridewise/Models/IntervalPlan.swift", "    var warmup: TimeInterval = 600",
               "    enum Step: Codable, Equatable {\n        case warmup(TimeInterval)\n        case work(Target)\n        case rest(TimeInterval)\n        case cooldown(TimeInterval)\n    }\n\n    var warmup: TimeInterval = 600")
        s.bash("xcodebuild build -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' -quiet 2>&1 | tail -1", "** BUILD SUCCEEDED **")
        s.write("StridewiseTests/IntervalPlanTests.swift",
                "import XCTest\n@testable import Stridewise\n\nfinal class IntervalPlanTests: XCTestCase {\n    func testSixByFourHundredHasNoRestAfterLastRepeat() {\n        let p = IntervalPlan(repeats: 6, work: .distance(.init(value: 400, unit: .meters)), rest: 90)\n        XCTAssertEqual(p.steps.count, 1 + 6 + 5 + 1)\n        XCTAssertEqual(p.steps[p.steps.count - 2], .work(.distance(.init(value: 400, unit: .meters))))\n    }\n\n    func testRoundTripsThroughJSON() throws {\n        let p = IntervalPlan(repeats: 3, work: .duration(180), rest: 60)\n        let back = try JSONDecoder().decode(IntervalPlan.self, from: JSONEncoder().encode(p))\n        XCTAssertEqual(back, p)\n    }\n}\n")
        s.bash("xcodebuild test -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' -only-testing:StridewiseTests/IntervalPlanTests 2>&1 | tail -2",
               "\t Executed 2 tests, with 0 failures (0 unexpected) in 0.011 (0.013) seconds\n** TEST SUCCEEDED **")
        s.user("good. now the builder screen. stepper for repeats, segmented distance/time, and rest picker. like the tempo screen style")
        s.read("Stridewise/Views/Plans/TempoBuilderView.swift", "struct TempoBuilderView: View {\n    @Binding var workout: Workout\n    var body: some View {\n        Form {\n            Section(\"Tempo\") {\n                DistancePicker(value: $workout.targetDistance)\n            }\n        }\n        .navigationTitle(\"Tempo run\")\n    }\n}")
        s.write("Stridewise/Views/Plans/IntervalBuilderView.swift",
                "import SwiftUI\n\nstruct IntervalBuilderView: View {\n    @Binding var plan: IntervalPlan\n    @State private var byTime = false\n\n    var body: some View {\n        Form {\n            Section(\"Repeats\") {\n                Stepper(\"\\(plan.repeats) ×\", value: $plan.repeats, in: 1...30)\n            }\n            Section(\"Work\") {\n                Picker(\"\", selection: $byTime) {\n                    Text(\"Distance\").tag(false)\n                    Text(\"Time\").tag(true)\n                }\n                .pickerStyle(.segmented)\n                if byTime {\n                    DurationPicker(seconds: workSeconds)\n                } else {\n                    DistancePicker(value: workDistance)\n                }\n            }\n            Section(\"Rest\") {\n                DurationPicker(seconds: $plan.rest)\n            }\n        }\n        .navigationTitle(\"Intervals\")\n    }\n}\n")
        s.bash("xcodebuild build -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' -quiet 2>&1 | tail -3",
               "IntervalBuilderView.swift:20:53: error: cannot find 'workSeconds' in scope\nIntervalBuilderView.swift:22:51: error: cannot find 'workDistance' in scope")
        s.edit("Stridewise/Views/Plans/IntervalBuilderView.swift", "        .navigationTitle(\"Intervals\")\n    }\n}",
               "        .navigationTitle(\"Intervals\")\n    }\n\n    private var workSeconds: Binding<TimeInterval> {\n        Binding(\n            get: { if case .duration(let s) = plan.work { return s } else { return 180 } },\n            set: { plan.work = .duration($0) }\n        )\n    }\n\n    private var workDistance: Binding<Measurement<UnitLength>?> {\n        Binding(\n            get: { if case .distance(let d) = plan.work { return d } else { return .init(value: 400, unit: .meters) } },\n            set: { if let d = $0 { plan.work = .distance(d) } }\n        )\n    }\n}")
        s.bash("xcodebuild build -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' -quiet 2>&1 | tail -1", "** BUILD SUCCEEDED **")
        s.user("the segmented resets when I go back and in again, it show Distance even for time plan")
        s.edit("Stridewise/Views/Plans/IntervalBuilderView.swift", "                Picker(\"\", selection: $byTime) {",
               "                Picker(\"\", selection: $byTime.animation()) {")
        s.edit("Stridewise/Views/Plans/IntervalBuilderView.swift", "        .navigationTitle(\"Intervals\")\n    }\n\n",
               "        .navigationTitle(\"Intervals\")\n        .onAppear {\n            if case .duration = plan.work { byTime = true }\n        }\n    }\n\n")
        s.bash("xcodebuild build -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' -quiet 2>&1 | tail -1", "** BUILD SUCCEEDED **")
        s.user("ok thats right now. also total time estimate on bottom? with my easy pace 5:30/km for warmup/cooldown")
        s.edit("Stridewise/Models/IntervalPlan.swift", "    var steps: [Step] {",
               "    func estimatedDuration(workPace: TimeInterval) -> TimeInterval {\n        steps.reduce(0) { total, step in\n            switch step {\n            case .warmup(let t), .rest(let t), .cooldown(let t): return total + t\n            case .work(.duration(let t)): return total + t\n            case .work(.distance(let d)): return total + d.converted(to: .kilometers).value * workPace\n            }\n        }\n    }\n\n    var steps: [Step] {")
        s.edit("StridewiseTests/IntervalPlanTests.swift", "    func testRoundTripsThroughJSON() throws {",
               "    func testEstimateForSixByFourHundred() {\n        let p = IntervalPlan(repeats: 6, work: .distance(.init(value: 400, unit: .meters)), rest: 90)\n        // 600 + 6 * 0.4 * 240 + 5 * 90 + 600\n        XCTAssertEqual(p.estimatedDuration(workPace: 240), 2226, accuracy: 0.5)\n    }\n\n    func testRoundTripsThroughJSON() throws {")
        s.bash("xcodebuild test -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' -only-testing:StridewiseTests/IntervalPlanTests 2>&1 | tail -2",
               "\t Executed 3 tests, with 0 failures (0 unexpected) in 0.012 (0.014) seconds\n** TEST SUCCEEDED **")
        s.edit("Stridewise/Views/Plans/IntervalBuilderView.swift", "            Section(\"Rest\") {\n                DurationPicker(seconds: $plan.rest)\n            }",
               "            Section(\"Rest\") {\n                DurationPicker(seconds: $plan.rest)\n            }\n            Section {\n                LabeledContent(\"Estimated time\", value: Duration.seconds(plan.estimatedDuration(workPace: profile.thresholdPace)).formatted(.time(pattern: .hourMinute)))\n            }")
        s.edit("Stridewise/Views/Plans/IntervalBuilderView.swift", "    @State private var byTime = false", "    @State private var byTime = false\n    @EnvironmentObject private var profile: RunnerProfile")
        s.bash("xcodebuild test -scheme Stridewise -destination 'platform=iOS Simulator,name=iPhone 15' 2>&1 | tail -2",
               "\t Executed 87 tests, with 0 failures (0 unexpected) in 4.912 (4.988) seconds\n** TEST SUCCEEDED **")
        s.bash("git add -A && git commit -qm 'Interval plans: model, builder screen, time estimate' && git log --oneline -1", "3d90b7e Interval plans: model, builder screen, time estimate")
        s.user("what is left? tomorow I do the watch side with yuki, want list")
        s.say(
            "Done (`3d90b7e`): `IntervalPlan` model (warm-up, repeats of distance or time, rest, cool-down; no rest after the last repeat), `WorkoutKind.intervals`, `IntervalBuilderView` (stepper, distance/time segmented control that remembers the plan's kind, rest picker, estimated total time), 3 unit tests; all 87 tests pass.\n\n"
            "Left:\n1. Warm-up/cool-down use fixed 10 min each; you asked for your easy pace, but the estimate currently uses `thresholdPace` for the work part only. Needs an editable warm-up/cool-down and `easyPace` in `RunnerProfile`.\n"
            "2. Saving the plan: `Workout` has no field for the `IntervalPlan` yet (Core Data attribute + migration).\n3. Watch side: send the plan over, step timer, haptics at each transition.\n4. Localized strings for the new screen (es, ja)."
        )

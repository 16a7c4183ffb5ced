#!/usr/bin/env python3
"""Put each bug of issue 11's table into a scratch state of the tree, one at a time, and check that
the test meant to catch it fails; the tree is restored after each (git checkout of the touched
files). Usage: scripts/planted-bugs.py [name fragment ...]. Needs the real apps (scripts/test
prepares them) and a clean working tree for the touched files."""
import json, subprocess, sys, os
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
env = dict(os.environ, GLASS_REAL_APPS=os.path.abspath('target/real-apps'))
PLANTS = [
 ("human behaves like fast", [("src/browser/input.rs", "if self.browser.interaction == Interaction::Human {\n            let (x0, y0)", "if false {\n            let (x0, y0)"), ("src/browser/input.rs", "        if self.browser.interaction == Interaction::Fast {\n            // The move", "        if true {\n            // The move"), ("src/browser/input.rs", "        let events = keystrokes(text);\n        if self.browser.interaction == Interaction::Fast {", "        let events = keystrokes(text);\n        if true {")], "user_visible", "human_interaction"),
 ("key/shortcut send no key events", [('src/tools/act/keyboard.rs', '        let send = async {', '        let send = async {\n            if true { return Ok::<(), crate::browser::BrowserError>(()); }')], "user_visible", "key_shortcut_and_hover"),
 ("hover never moves the pointer", [('src/tools/act/pointer.rs', '        None => try_tool!(b.input().move_pointer(x, y).await),', '        None => {\n            let _ = (x, y);\n        }')], "user_visible", "key_shortcut_and_hover"),
 ("closeTarget closes nothing", [("src/browser/targets.rs", "                CloseTargetParams::new(TargetId::new(id)),", "                GetTargetInfoParams { target_id: Some(TargetId::new(id)) },")], "user_visible", "close_target"),
 ("element screenshot captures the viewport", [('src/tools/page/capture.rs', '                .screenshot_as(clip, full && clip.is_none(), shot)', '                .screenshot_as(None, full && clip.is_none(), shot)')], "user_visible", "an_element_screenshot"),
 ("upload never hands the files", [("src/browser/act.rs", "        self.browser.page_command(params).await.map(|_| ())\n    }\n}", "        let _ = params;\n        Ok(())\n    }\n}")], "user_visible", "uploaded_files"),
 ("cancelled ignored on a stateless call", [("src/mcp/server.rs", "            let running = lock(&shared.active).remove(&id);", "            let running: Option<Running> = None;")], "user_visible", "cancelled_stateless"),
 ("expectedRevision never checked", [('src/tools/kernel/browser.rs', '    if expected == b.revision() {\n        return Ok(());', '    if expected == b.revision() || expected != u64::MAX {\n        return Ok(());')], "user_visible", "a_stale_expected_revision"),
 ("actions never bump the revision", [("src/browser/act.rs", "        self.browser.bump_revision();\n        Ok(caused)", "        Ok(caused)")], "user_visible", "actions_and_same_document"),
 ("--policy-deny-host ignored", [("src/policy.rs", "        if self.deny_hosts.iter().any(|r| r.matches(&host)) {", "        if false && self.deny_hosts.iter().any(|r| r.matches(&host)) {"), ("src/browser/enforce.rs", "    for d in policy.deny_hosts() {", "    for d in policy.deny_hosts().iter().take(0) {")], "user_visible", "denied_hosts"),
 ("attached session never closes its tabs", [("src/browser/session.rs", "            for target in std::mem::take(&mut browser.created_targets) {", "            for target in std::mem::take(&mut browser.created_targets).into_iter().take(0) {")], "user_visible", "an_attached_session"),
 ("compact observe returns 1500 elements", [('src/tools/kernel/observation.rs', 'None => ("compact", 400, 160),', 'None => ("compact", 1500, 160),'), ("src/browser/agent/50-observe.js", "const maxBytes = posInt(opts.maxBytes, 21504);", "const maxBytes = posInt(opts.maxBytes, 90000);")], "user_visible", "the_whole_compact"),
 ("wait elementVisible satisfied at once", [("src/browser/agent/75-wait.js", "        if (cond.kind === 'elementPresent') return hits.length + hidden.length > 0;\n        return hits.length > 0;", "        if (cond.kind === 'elementPresent') return hits.length + hidden.length > 0;\n        return true;")], "user_visible", "wait_for_an_element"),
 ("verify any behaves like all", [('src/tools/semantic/verify.rs', 'Combine::Any => checks.iter().any(|c| c.holds),', 'Combine::Any => checks.iter().all(|c| c.holds),')], "verification", "navigation_url_and_dialog"),
 ("select ignores a label given as value", [("src/browser/agent/80-read.js", "hits = byValue.length ? byValue.slice(0, 1) : byLabel(spec.value);", "hits = byValue.slice(0, 1);")], "first_hour", "select_matches"),
 ("navigate keeps a child frame selected", [("src/browser/navigate.rs", "        self.browser.frames().select_main();\n", "")], "first_hour", "navigate_from_a_selected_frame"),
 ("direct observe keeps refs", [("src/direct.rs", "            o.remove(\"ref\");\n            if let Some(l) = locator {", "            if let Some(l) = locator {")], "cli_direct", "observe_gives_locators"),
 ("preflight never sees a cover", [("src/browser/agent/70-act.js", "        if (p.x === undefined) out.coveredBy = summarize(p.blocker);", "        if (p.x === undefined) out.coveredBy = undefined;")], "verification", "preflight_reports"),
 ("the journal never sees input", [('src/tools/kernel/journal.rs', '        e.dispatched = inputs_sent() != e.inputs_before;', '        e.dispatched = false;')], "recovery", "a_cancelled_click"),
 ("observeDelta compares with itself", [('src/tools/page/delta.rs', '        let before = services.observed.last_observed();\n        services\n            .observed\n            .remember(page.clone(), now.revision, &now.url, &now.page);', '        services\n            .observed\n            .remember(page.clone(), now.revision, &now.url, &now.page);\n        let before = services.observed.last_observed();')], "page_delta", "observe_delta"),
 ("intent scope matches the whole table", [("src/browser/agent/65-intent.js", "      const text = row ? named || cut(norm(n.innerText || ''), 300) : named;", "      const text = named || cut(norm(n.innerText || ''), 300);")], "intents", "a_duplicate_label"),
 ("executeIntent acts on a changed candidate", [('src/tools/semantic/intent.rs', '        _ if top_ref != chosen_ref => Some("changed"),\n', '')], "intents", "a_candidate_that_changed"),
 ("intent confidence ignores missing words", [('src/tools/semantic/intent.rs', '    } else if top.is_some_and(|t| t["covered"] == true) && score(top) - score(second) >= 0.25 {', '    } else if score(top) >= 0.5 && score(top) - score(second) >= 0.25 {')], "intents", "words_the_page_does_not_have"),
 ("reconcile relocates among duplicates", [('src/tools/page/delta.rs', '                        Some(FailureKind::StaleRef) if candidates.len() == 1 => {', '                        Some(FailureKind::StaleRef) if !candidates.is_empty() => {')], "page_delta", "reconcile_maps"),
 ("batch runs on past a failure", [('src/tools/run/batch.rs', '            result.failure = Some(bounded_failure(body));\n            break;', '            result.failure = Some(bounded_failure(body));\n            continue;')], "batch", "a_batch_stops_at"),
 ("batch chain never carries the revision", [('src/tools/run/batch.rs', 'call.insert("expectedRevision".into(), json!(r));', 'call.insert("expectedRevision".into(), json!(a.expected_revision));')], "batch", "one_batch_fills"),
 ("batch steps may confirm what the batch did not", [('src/tools/kernel/gate.rs', '    if let Some(cap) = caps.iter().find(|c| granted(**c) == Some(false)) {', '    if let Some(cap) = caps.iter().find(|c| granted(**c) == Some(false) && false) {')], "batch", "a_password_field_the_check"),
 ("batch checks only its first step", [('src/tools/run/batch.rs', '    for (i, step) in steps.iter().enumerate() {\n        let tool = step.action.tool();\n        let at', '    for (i, step) in steps.iter().enumerate().take(1) {\n        let tool = step.action.tool();\n        let at')], "batch", "bad_steps"),
 ("executeIntent ignores a stale revision", [('src/tools/semantic/intent.rs', '        Classification::StaleRevision => Some("staleRevision"),\n', '')], "intents", "a_reflow_between"),
 ("continuation never checked", [('src/tools/semantic/extract/mod.rs', '            if seal(&request, &url, revision, next, &prints) != mac {', '            if seal(&request, &url, revision, next, &prints) == "never" && mac.is_empty() {')], "extraction", "continuations_page"),
 ("maxBytes cuts nothing", [('src/tools/semantic/extract/mod.rs', '            if size(&assemble(&out.values, mid)) <= budget {', '            if size(&assemble(&out.values, mid)) <= usize::MAX {')], "extraction", "continuations_page"),
 ("passwords read like any field", [("src/browser/agent/82-extract.js", "      if (v && v.secret) { out.secret = true; return out; }\n", "")], "extraction", "values_are_read"),
 ("section reads past the next heading", [("src/browser/agent/82-extract.js", "      if (roleOf(el) === 'heading' && (headingLevel(el) || 2) <= level) return true;", "      if (false) return true;")], "real_apps", "docs_site_section"),
 ("task inputs that match nothing are skipped", [('src/tools/run/task_exec.rs', '                        Err(reason) => return unreconciled(&format!("inputs.{name}"), &reason),', '                        Err(_) => continue,')], "tasks", "a_task_that_does_not_match"),
 ("risky tasks run unconfirmed", [('src/tools/run/task_exec.rs', '        let risk = plan.confirmation_required.then(|| {', '        let risk = (plan.confirmation_required && false).then(|| {')], "tasks", "fill_then_submit"),
 ("failed postconditions reported as completed", [('src/tools/run/task_exec.rs', '                out.status = "postconditionFailed";', '')], "tasks", "a_validation_error"),
 ("tool groups ignored by tools/call", [('src/mcp/calls.rs', '    let tool = tools::find(name)\n        .filter(|t| tools::reachable(t, &shared.facts))\n', '    let tool = tools::find(name)\n')], "protocol", "tool_groups"),
 ("denied tools still listed", [('src/tools/catalog.rs', '    reachable(tool, facts)\n        && !denied\n', '    reachable(tool, facts)\n        && (!denied || true)\n')], "protocol", "tool_groups"),
 ("resume re-runs an unverified step", [('src/workflow/mod.rs', 'StepState::Pending | StepState::Failed => return Ok(i),', 'StepState::Pending | StepState::Failed | StepState::Unverified => return Ok(i),')], "workflows", "an_unverified_step"),
 ("resume repeats done steps", [('src/workflow/mod.rs', '            StepState::Done => continue,', '            StepState::Done => return Ok(i),')], "workflows", "a_killed_run"),
 ("a cancelled workflow is dropped midway", [('src/tools/run/workflow.rs', '        crate::tools::kernel::progress::stop_between_steps();\n', '')], "workflows", "a_cancelled_run"),
 ("workflow steps run unchecked", [('src/tools/run/workflow.rs', '        if let Err(e) = crate::tools::kernel::schema::check(\n            crate::tools::kernel::call::input_schema(tool),\n            &checked,\n        ) {', '        if let Some(e) = None::<crate::failure::Failure>.filter(|_| checked.is_empty()) {')], "workflows", "a_bad_workflow"),
 ("risky workflow tasks run unconfirmed", [('src/tools/run/workflow.rs', '        let risk = (!risky.is_empty()).then(|| risky.join("; "));', '        let risk: Option<String> = None;')], "workflows", "a_checkout_workflow"),
 ("snapshots keep the query string", [("src/store/snapshots.rs", "        s.split(['?', '#']).next().unwrap_or(\"\")", "        s")], "store", "snapshots_are_redacted"),
 ("untitled forms cannot be named", [("src/browser/agent/88-task.js", "    if (submits.length === 1) out.push(", "    if (false) out.push(")], "real_apps", "datasette_filter_as_a_workflow"),
 ("waits report no progress", [('src/tools/kernel/progress.rs', '                report(waited, Some(total_ms), message);', '                let _ = (waited, message);')], "protocol", "a_long_wait"),
 ("knowledge of other origins weighs in", [('src/tools/store/knowledge.rs', 'let records = knowledge::of_origin(&store, &origin).map_err(store_failure)?;', 'let records = knowledge::list(&store, None, None, knowledge::MAX_RECORDS, 0).map(|x| x.0).map_err(store_failure)?;')], "knowledge", "knowledge_is_learned"),
 ("invalidated records still count", [('src/tools/store/knowledge.rs', 'let usable = r.state == RecordState::Fresh && r.successes > r.failures;', 'let usable = r.successes > r.failures;')], "knowledge", "knowledge_is_learned"),
 ("hardened still learns", [('src/tools/store/knowledge.rs', '    crate::tools::kernel::effects::permits(services, tool, Capability::KnowledgeStore)\n}', '    let _ = (services, tool);\n    true\n}')], "knowledge", "hardened_keeps"),
 ("records keep the page URL", [('src/tools/store/knowledge.rs', '        name: l.name.clone(),\n    };', '        name: format!("{} {}", l.name, l.url),\n    };')], "knowledge", "knowledge_is_learned"),
 ("leases never checked", [('src/tools/kernel/call.rs', '        if let Err(refused) = crate::tools::kernel::lease::check(services.leases.as_deref()) {', '        if let Err(refused) = crate::tools::kernel::lease::check(None) {')], "daemon", "clients_share"),
 ("reads need the lease", [('src/tools/kernel/call.rs', '    if changes {\n        if let Err(refused) = crate::tools::kernel::lease::check(', '    if changes || !changes {\n        if let Err(refused) = crate::tools::kernel::lease::check(')], "daemon", "clients_share"),
 ("a disconnected holder keeps its lease", [("src/mcp/server.rs", "        leases.disconnect(client);", "        let _ = (leases, client);")], "daemon", "clients_share"),
 ("screenshots saved anywhere", [("src/files.rs", "            || !self.spellings.iter().any(|r| dir.starts_with(r))", "            || (false && !self.spellings.iter().any(|r| dir.starts_with(r)))"), ("src/files.rs", "        if !self.resolved.iter().any(|r| real.starts_with(r)) {", "        if false && !self.resolved.iter().any(|r| real.starts_with(r)) {")], "user_visible", "screenshots_in_formats"),
 ("screenshots ignore the scale", [('src/tools/page/capture.rs', '            scale: a.scale.unwrap_or(1.0),', '            scale: 1.0,')], "user_visible", "screenshots_in_formats"),
 ("goBack goes forward", [('src/tools/page/navigate.rs', 'Box::pin(go(s, input, &GO_BACK, -1))', 'Box::pin(go(s, input, &GO_BACK, 1))')], "user_visible", "history_moves"),
 ("reload waits for nothing", [("src/browser/navigate.rs", "                \"Page.loadEventFired\" if loader.is_some() => {\n                    return Ok(NavOutcome::Loaded { status });", "                \"Page.loadEventFired\" if loader.is_some() && false => {\n                    return Ok(NavOutcome::Loaded { status });")], "user_visible", "history_moves"),
 ("confirmToken listed everywhere", [('src/tools/catalog.rs', '    if !confirms {\n        if let Some(Value::Object(props)) = listed.get_mut("properties") {', '    if confirms {\n        if let Some(Value::Object(props)) = listed.get_mut("properties") {')], "protocol", "every_tool_has"),
 ("cookie values listed", [('src/tools/devtools/state.rs', '                            domain: text(c, "domain"),', '                            domain: text(c, "value"),')], "state", "a_saved_login"),
 ("a click on a loading document calls its target missing", [("src/browser/act.rs", "        if answer[\"loading\"] == true {", "        if answer[\"loading\"] == \"never\" {")], "page_model", "an_action_on_a_page_still_streaming"),
 ("secret headers shown", [("src/browser/requests.rs", "pub fn sensitive_header(name: &str) -> bool {\n", "pub fn sensitive_header(name: &str) -> bool {\n    if !name.is_empty() { return false; }\n")], "devtools", "requests_are_listed"),
 ("query values always shown", [('src/tools/devtools/network.rs', '        let values = a.query_values == Some(true);', '        let values = true;')], "devtools", "requests_are_listed"),
 ("request rows keep their group's base", [('src/tools/devtools/network.rs', 'row[1] = json!(url[cut..]);', 'row[1] = json!(url[..]);')], "devtools", "requests_are_listed"),
 ("request groups ignore the status", [('src/tools/devtools/network.rs', 'g.resource_type == e.resource_type && g.status == e.status', 'g.resource_type == e.resource_type')], "devtools", "requests_are_listed"),
 ("request timing never shown", [('src/tools/devtools/network.rs', '        let timing = a.timing == Some(true);', '        let timing = false;')], "devtools", "requests_are_listed"),
 ("bare query numbers shown as flags", [("src/redact.rs", "        && part.len() - word.len() <= 3\n        && word.starts_with(", "        && part.len() - word.len() <= 16\n        && word.is_empty() || word.starts_with(")], "real_apps", "jupyterlab_requests"),
 ("request list never pages", [('src/tools/devtools/network.rs', '            if shown.len() == max {', '            if shown.len() == usize::MAX {')], "devtools", "requests_are_listed"),
 ("console errors without a stack", [("src/browser/console.rs", "        let stack = if level == \"error\" {", "        let stack = if level == \"never\" {")], "devtools", "console_messages"),
 ("emulation reset keeps the media", [("src/browser/emulation.rs", "            self.media(\"\", \"\"),\n        );", "            self.locale(None),\n        );")], "devtools", "emulation_is_what"),
 ("clickAt clicks outside the viewport", [('src/tools/act/pointer.rs', '        if a.x >= width || a.y >= height {', '        if a.x >= width * 100.0 || a.y >= height * 100.0 {')], "devtools", "click_at_clicks"),
 ("saved state loads no local storage", [('src/tools/devtools/state.rs', '                        try_tool!(\n                            b.storage()\n                                .set_local_storage(&o.origin, &o.local_storage)\n                                .await\n                        );\n', '')], "state", "a_saved_login"),
 ("a label for a password field is not one", [("src/browser/agent/35-state.js", "    const ctl = e.localName === 'label' && e.control ? e.control : e;\n    return secretField(ctl);", "    return secretField(e);")], "batch", "a_password_field_named_by_its_label"),
 ("fillForm never asks for a password field", [('src/tools/act/forms.rs', '        let password_confirmed = refs.iter().any(|r| r.password);', '        let password_confirmed = refs.iter().any(|r| r.password && r.r.is_empty());')], "batch", "a_password_field_named_by_its_label"),
 ("click presses only the left button", [('src/tools/act/pointer.rs', '            Some(ButtonArg::Right) => Button::Right,', '            Some(ButtonArg::Right) => Button::Left,')], "user_visible", "right_clicks_and_modifier"),
 ("click modifiers never held", [("src/browser/input.rs", "        let (downs, ups, mods) = hold(&press.modifiers);", "        let (downs, ups, mods) = hold(&press.modifiers);\n        let (downs, ups, mods) = (downs.into_iter().take(0).collect::<Calls>(), ups.into_iter().take(0).collect::<Calls>(), mods & 0);")], "user_visible", "right_clicks_and_modifier"),
 ("a Control-click's new tab is not reported", [("src/browser/act.rs", "                        tabs_asked.fetch_add(1, Relaxed);", "                        tabs_asked.fetch_add(0, Relaxed);")], "user_visible", "right_clicks_and_modifier"),
 ("role names match by containment", [("src/browser/agent/60-locate.js", "roleMatches(i, r) && (n === null || nameOfInfo(i, hidden) === n)", "roleMatches(i, r) && (n === null || nameOfInfo(i, hidden).includes(n))")], "real_apps", "jupyterlab_new_notebook"),
 ("notFound offers no near names", [("src/browser/agent/60-locate.js", "    if (!loc || (loc.kind !== 'role' && loc.kind !== 'name')) return [];", "    if (loc) return [];")], "real_apps", "jupyterlab_new_notebook"),
 ("tooltips inside content are part of the name", [("src/browser/agent/30-names.js", "    if (title && !isRoot && !role && st8.tips) {", "    if (false) {")], "page_model", "tooltips_inside"),
 ("same-URL history entries reported as navigations", [("src/browser/act.rs", "if p[\"frameId\"] == main_frame.as_str() && p[\"url\"] != url.as_str() =>", "if p[\"frameId\"] == main_frame.as_str() && !url.is_empty() =>")], "user_visible", "actions_and_same_document"),
 ("roving items without a role stay generic", [("src/browser/agent/20-roles.js", "    return implicit === null && !attr ? rovingRole(el) : implicit;", "    return implicit;")], "page_model", "every_item_of_a_roving"),
 ("roving items without a role stay generic (JupyterLab)", [("src/browser/agent/20-roles.js", "    return implicit === null && !attr ? rovingRole(el) : implicit;", "    return implicit;")], "real_apps", "jupyterlab_new_notebook"),
 ("pages are background windows", [("src/browser/session.rs", "                json!({\"enabled\": true}),", "                json!({\"enabled\": false}),")], "user_visible", "the_page_is_the_focused"),
 ("a permalink's context is the article's first heading", [("src/browser/agent/50-observe.js", "      if (r === 'heading') {\n", "      if (r === 'heading' && false) {\n")], "real_apps", "docs_site_search_open"),
 ("pages are background windows (JupyterLab)", [("src/browser/session.rs", "                json!({\"enabled\": true}),", "                json!({\"enabled\": false}),")], "real_apps", "jupyterlab_new_notebook"),
 # Issue 26: one policy, enforced once (each new rule, and the test that reads its effect).
 ("closed shadow roots not asked of Chrome", [('src/tools/act/keyboard.rs', 'let sealed_secret =\n            focus.sealed && b.agent().sealed_focus_is_secret().await.unwrap_or(true);', 'let sealed_secret = false && focus.sealed;')], "hostile_pages", "password_fields_the_page_hides"),
 ("a one-time-code field is not a secret", [("src/browser/agent/85-keyguard.js", "(current-password|new-password|one-time-code)", "(current-password|new-password)")], "hostile_pages", "password_fields_the_page_hides"),
 ("the policy is never decided from the effects", [('src/tools/kernel/call.rs', '    if let Err(refused) = crate::tools::kernel::effects::decide(services, tool, &args) {', '    if let Err(refused) = Ok::<(), ToolOutcome>(()) {')], "policy", "refusals_say_nothing"),
 ("files written 0644", [("src/files.rs", "        OFlags::CREATE | OFlags::EXCL | OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC,\n        Mode::from_raw_mode(0o600),", "        OFlags::CREATE | OFlags::EXCL | OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC,\n        Mode::from_raw_mode(0o644),")], "policy", "every_file_glass_writes"),
 ("a symlinked folder is followed", [("src/files.rs", "                    let below_root = self\n", "                    let below_root = false && self\n")], "policy", "every_file_glass_writes"),
 ("a daemon runs a client under its own policy", [("src/daemon.rs", "    let wanted = mine.session_args();\n    if wanted.is_empty() {", "    let wanted = mine.session_args();\n    if true {")], "daemon", "a_client_never_runs"),
 ("the lease holder's connection needs its token", [('src/tools/kernel/lease.rs', '            Some(h) if h.client == client => Ok(()),', '            Some(h) if h.client == client && token == Some(h.token.as_str()) => Ok(()),')], "daemon", "two_sdk_clients"),
 ("URL headers show query values", [('src/tools/devtools/network.rs', '    "referer",\n', '')], "devtools", "hardened_headers_never"),
 ("getDOM shows a password's value", [("src/browser/agent/80-read.js", "if (secretField(f) || (!formValues && !buttonLike)) {", "if (!formValues && !buttonLike) {")], "policy", "the_dom_never_returns"),
 ("incognito keeps page data", [("src/policy.rs", "if cap == PersistPageData && self.throwaway {", "if cap == PersistPageData && self.throwaway && false {")], "policy", "throwaway_sessions_keep"),
 ("checkpoints keep the query", [('src/tools/run/checkpoint.rs', '                .map(|u| crate::redact::url_with_query_names(u, false))\n', '                .map(str::to_owned)\n')], "workflows", "a_checkpoint_keeps_no_query"),
 ("forged storage states load", [('src/tools/devtools/state.rs', '.filter(|v| v["mac"].as_str() == Some(mac(&key, &v["state"]).as_str()))', '.filter(|v| !key.is_empty() || v["mac"].is_null())')], "state", "only_saved_states_load"),
 ("cookie domains pass unchecked", [('src/tools/kernel/effects.rs', 'crate::tools::kernel::gate::check_cookie_domain(services, d)?;', 'let _ = d;')], "state", "only_saved_states_load"),
 ("a trace's reload is not a navigation", [('src/tools/devtools/perf.rs', '        Effect::Navigates(Nav::Reload(When::Flag("reload"))),\n', '')], "policy", "a_trace_that_reloads"),
 ("file: URLs past an allow list", [("src/policy.rs", "\"file\" if self.preset == PolicyPreset::Development && self.allow_hosts.is_empty() => {", "\"file\" if self.preset == PolicyPreset::Development => {")], "policy", "an_allow_list_keeps"),
 ("executeIntent learns from an unverified click", [('src/tools/semantic/intent.rs', '            Ok((r, _)) => ToolOutcome::ok(&r),', '            Ok((r, executed)) => {\n                if executed {\n                    crate::tools::store::knowledge::learn(&services, &EXECUTE_INTENT, r.learned.as_ref(), true);\n                }\n                ToolOutcome::ok(&r)\n            }'), ('src/tools/semantic/intent.rs', '        Effect::ProducesText,\n        Effect::Navigates(Nav::OnPage),\n    ],\n    idempotent: false,\n    needs: Needs::Page,\n    revision: RevisionRule::Reports,\n    run: crate::handler!(ExecuteArgs, run_execute),', '        Effect::ProducesText,\n        Effect::Navigates(Nav::OnPage),\n        Effect::Learns,\n    ],\n    idempotent: false,\n    needs: Needs::Page,\n    revision: RevisionRule::Reports,\n    run: crate::handler!(ExecuteArgs, run_execute),')], "knowledge", "knowledge_is_learned"),
 ("parse errors say nothing", [("src/mcp/server.rs", "    if e.to_string().contains(\"recursion limit\") {", "    if e.to_string().contains(\"never\") {")], "protocol", "bad_content_length"),
 ("navigate waits behind a hung page", [("src/browser/health.rs", "if answers(&self.browser.cdp, &session, LEAVING).await != Some(false) {", "if true || answers(&self.browser.cdp, &session, LEAVING).await != Some(false) {")], "hostile_pages", "navigate_leaves"),
 ("denied downloads are read at the response", [("src/browser/enforce.rs", "let method = if downloads_denied && is_download(p) {", "let method = if downloads_denied && is_download(p) && false {")], "policy", "denied_downloads"),
 ("the manifest hides what works", [("src/mcp/negotiation.rs", "(\"workflowResume\", &[\"workflow\"], CapabilityStatus::Available),", "(\"workflowResume\", &[], CapabilityStatus::Available),")], "protocol", "manifest_and_agreement"),
 ("a written file counts as a read", [('src/tools/kernel/effect.rs', '            Effect::ReadsPage\n                | Effect::ReadsFormValues(_)', '            Effect::ReadsPage\n                | Effect::WritesFile(..)\n                | Effect::ReadsFormValues(_)')], "daemon", "a_client_without_the_lease"),
 ("a one-axis clip hides its controls from actions", [("src/browser/agent/25-visibility.js", "      const part = clipByEdges(vis, now);\n      near = !part;\n      vis = part || pixelPart(vis, now);", "      vis = clipRect(vis, { x: now.l, y: now.t, w: now.r - now.l, h: now.b - now.t });")], "page_model", "controls_in_a_block_clipped"),
 ("observations never mark a secret field", [("src/browser/agent/50-observe.js", "      if (v && v.secret) item.password = true;\n", "")], "hostile_pages", "observations_mark"),
 ("an action reports its URL without query or fragment", [("src/browser/act.rs", "caused.navigation = Some(redact::page_url(p[\"url\"].as_str().unwrap_or(\"\")));", "caused.navigation = Some(redact::url_without_query(p[\"url\"].as_str().unwrap_or(\"\")));")], "page_model", "an_action_reports_the_url"),
 ("intent steps lose their verb", [('src/tools/run/workflow.rs', '            if let Some(verb) = arguments.remove("intentAction") {', '            if let Some(verb) = arguments.remove("intentAction").filter(|_| false) {')], "workflows", "intent_steps_run"),
 ("throwaway workflow checkpoints reach the disk", [('src/tools/run/workflow.rs', '            Store::in_memory()\n', '            try_tool!(Store::open())\n')], "policy", "throwaway_sessions"),
 ("frames mapped without their scale", [("src/browser/agent/15-dom.js", "    const sx = f.offsetWidth > 0 ? r.width / f.offsetWidth : 1, sy = f.offsetHeight > 0 ? r.height / f.offsetHeight : 1;", "    const sx = 1, sy = 1;")], "page_model", "frames_under_zoom"),
 ("a control is pressed at its centre or not at all", [("src/browser/agent/25-visibility.js", "    const tries = [[0.5, 0.5]];", "    const tries = [[0.5, 0.5]];\n    { const x = Math.round(v.x + v.w / 2), y = Math.round(v.y + v.h / 2); const h = receiver(el, s, x, y); return h === true ? { x, y } : { blocker: h }; }")], "page_model", "a_partly_covered"),
 ("a scroller's content is seen only where it sits now", [("src/browser/agent/25-visibility.js", "      if (cuts === clips && !toViewport && s.display !== 'contents' && inner !== EMPTY) {", "      if (false) {")], "page_model", "a_partly_covered"),
 ("a press comes right after the keys", [("src/browser/input.rs", "pub const KEYS_TO_PRESS: Duration = Duration::from_millis(400);", "pub const KEYS_TO_PRESS: Duration = Duration::from_millis(0);")], "page_model", "a_press_right_after"),
 ("a briefly disabled control is refused at once", [("src/browser/agent/70-act.js", "const ENABLE_WAIT_MS = 1500;", "const ENABLE_WAIT_MS = 0;")], "page_model", "a_button_disabled"),
 ("settling ignores a dialog fading out", [("src/browser/agent/70-act.js", "  function endingSoon(withinMs, roots) {\n", "  function endingSoon(withinMs, roots) {\n    if (withinMs > -1) return false;\n")], "page_model", "a_click_settles"),
 ("a turned scroller hides what scrolls into it", [("src/browser/agent/25-visibility.js", "const across = this.turn;", "const across = false;")], "generated_layouts", "every_seed_that_once_failed"),
 ("scrolling into view moves overflow:hidden boxes", [("src/browser/agent/25-visibility.js", "if (hx || hy) kept.push(", "if (false) kept.push(")], "generated_layouts", "every_seed_that_once_failed"),
 ("no scrolling toward a control from where the page was", [("src/browser/agent/70-act.js", "else { unscroll(); scrollToward(via); }", "else continue;")], "generated_layouts", "every_seed_that_once_failed"),
 ("a cross-site frame keeps the page from network-idle", [("src/browser/events.rs", '                    "Network.responseReceived" if ev.params["type"] == "Document" => n.ended(id),\n', "")], "user_visible", "wait_network_idle"),
 ("a worker's script keeps the page from network-idle", [("src/browser/events.rs", "        n.worker_attached(url);", "        let _ = (&mut n, url);")], "user_visible", "wait_network_idle"),
 ("12:30 AM normalizes to 12:30", [("src/normalize.rs", '    } else if lower.contains("am") && h == 12 {\n        h = 0;\n    }', "    }")], "lib", "date_times_keep_their_zone"),
 ("emulate reset leaves the geolocation", [("src/browser/emulation.rs", "            self.place(None),\n", "            self.cpu(1.0),\n")], "devtools", "emulation_is_what_the_page_sees_until_reset"),
 ("host rules stop intercepting frames and workers", [("src/browser/enforce.rs", 'if kind != "browser" && kind != "tab" {', 'if kind == "page" {')], "hostile_pages", "host_rules_hold"),
 ("a frame's host pages scroll their overflow:hidden boxes", [("src/browser/agent/25-visibility.js", "for (let n = flatParent(el); n; n = flatParent(n) || frameOf(n)) {", "for (let n = flatParent(el); n; n = flatParent(n)) {")], "generated_layouts", "every_seed_that_once_failed"),
 ("announcements told after the rest", [('src/tools/kernel/changes.rs', "for (r, e) in now.iter().filter(|(_, e)| announced(e)) {", "for (r, e) in now.iter().filter(|(_, e)| announced(e) && false) {"), ('src/tools/kernel/changes.rs', "for (r, e) in now.iter().filter(|(_, e)| !announced(e)) {", "for (r, e) in now.iter().filter(|_| true) {")], "page_delta", "an_action_tells_what_it_changed"),
 ("toasts are not announcements", [("src/browser/agent/50-observe.js", "      if (announces(i)) item.live = true;\n", "")], "real_apps", "prefect_add_edit_and_delete_a_variable"),
 ("a toast told whole is told again as text", [("src/browser/agent/50-observe.js", "            if (says.length < o.maxText) i.coverKids = true;\n", "")], "page_delta", "an_announcement_is_told_once"),
 ("two toasters over each other tell one toast twice", [("src/browser/agent/50-observe.js", "if (says !== null && saidThere(says, i))", "if (says !== null && saidThere(says, i) && false)")], "page_delta", "an_announcement_is_told_once"),
 ("ref lists are written one ref an entry", [("src/tools/kernel/output.rs", "    s.collect_seq(fold_refs(refs))", "    s.collect_seq(refs)")], "page_delta", "an_action_tells_what_it_changed"),
 ("a frame's border takes a press meant for its content", [("src/browser/agent/25-visibility.js", "      if (!(ix >= 0 && iy >= 0 && ix < vp.w && iy < vp.h)) return c.f;\n", ""), ("src/browser/agent/25-visibility.js", "    if (vis && (thinX || thinY || near)) {", "    if (false) {")], "generated_layouts", "every_seed_that_once_failed"),
 ("a fixed button covered by scrolled content is never uncovered", [("src/browser/agent/70-act.js", "const ways = v && inFixedBox(via) ?", "const ways = false ?")], "page_model", "a_fixed_button_covered_by_scrolled_content"),
 ("a press that lands elsewhere is a success", [("src/browser/agent/70-act.js", "    watchInput(el, via, action === 'hover' ? 'hover' : action === 'drop' ? 'release' : 'press', at);", "    if (action === 'hover' || action === 'drop') watchInput(el, via, action === 'hover' ? 'hover' : 'release', at);")], "page_model", "a_press_the_page_moves"),
 ("a hover that lands elsewhere is a success", [("src/browser/agent/70-act.js", "hover: ['pointermove', 'mousemove']", "hover: []")], "page_model", "a_hover_the_page_moves"),
 ("a hover counts the pointer wherever it passed", [("src/browser/agent/70-act.js", "if (input === 'hover' && !(e.isTrusted && atPoint(e))) return;", "if (input === 'hover' && !e.isTrusted) return;")], "page_model", "a_hover_the_page_moves"),
 ("a drop that lands elsewhere is a success", [("src/browser/agent/70-act.js", "          w.landing = landing(w, at);\n", "")], "page_model", "a_drop_the_page_moves"),
 ("a drag's destination drops the watch on its source's press", [("src/browser/agent/70-act.js", "    if (action === 'drop') countMutations();\n    else arm();", "    arm();")], "page_model", "a_drop_the_page_moves"),
 ("what is dragged along takes the drop", [("src/browser/agent/70-act.js", ".find((h) => !follows(h));", ".find((h) => !!h);")], "page_model", "a_drop_the_page_moves"),
 ("a turned clip cuts along the screen's axes", [("src/browser/agent/25-visibility.js", "          bands = turnedBands(el, bx, by);\n          box = bx && by ?", "          bands = null;\n          box = true ?")], "page_model", "a_turned_block_clips"),
 ("a field that hands its focus on takes the keys", [("src/browser/act.rs", 'match super::frames::element_summary(&answer["elsewhere"]) {', 'match None::<Value> {')], "page_model", "keys_the_page_sends"),
 ("text the page sends elsewhere is a success", [("src/browser/agent/70-act.js", "keys: ['beforeinput', 'keydown']", "keys: ['keydown']")], "page_model", "keys_the_page_sends"),
 ("a scroller never scrolls content into a turned clip around it", [("src/browser/agent/25-visibility.js", ": !lin || !((sx && crosses(d, lin[0], lin[1])) || (sy && crosses(d, lin[2], lin[3]))));", ": true);")], "generated_layouts", "every_seed_that_once_failed"),
 ("a sliver with no whole pixel is never pressed", [("src/browser/agent/25-visibility.js", "if (vis && (thinX || thinY || near)) {", "if (vis && (thinX || thinY || near)) { vis = null; } else if (false) {")], "generated_layouts", "every_seed_that_once_failed"),
 ("clear's keys are never checked", [("src/tools/act/clearing.rs", "    b.actions().keys_reached().await?;\n", "")], "page_model", "keys_the_page_sends"),
 ("clear selects a field that hands its focus on", [("src/tools/act/clearing.rs", "        .and_then(crate::browser::frames::element_summary)\n    {", "        .and_then(crate::browser::frames::element_summary)\n        .filter(|_| false)\n    {")], "page_model", "keys_the_page_sends"),
 ("a watch outlives the call that armed it", [("src/browser/agent/70-act.js", "    turnNow = n;\n    unwatchInput();\n", "    turnNow = n;\n")], "page_model", "a_drop_the_page_moves"),
 ("focusing a field scrolls the boxes no person scrolls", [("src/browser/agent/80-read.js", "keepingHidden(el, () => el.focus({ preventScroll: false }));", "el.focus({ preventScroll: false });")], "generated_layouts", "every_seed_that_once_failed"),
 ("clearing a field scrolls the box that clips it", [("src/browser/agent/80-read.js", "keepingHidden(el, () => el.focus({ preventScroll: false }));", "el.focus({ preventScroll: false });")], "page_model", "clearing_and_typing"),
 ("what follows the pointer takes the drop", [("src/browser/agent/70-act.js", "const was = w.along.get(h), r = h.getBoundingClientRect(); return !!was &&", "const was = w.along.get(h), r = h.getBoundingClientRect(); return !!was && h === null &&")], "real_apps", "jupyterlab_new_notebook"),
 ("Chrome takes no pixel before a box's edge", [("src/browser/agent/25-visibility.js", "return k > lo - 1 ? [k - 0.5, k + 0.5] : null;", "return k >= lo ? [k - 0.5, k + 0.5] : null;")], "generated_layouts", "every_seed_that_once_failed"),
 ("an HTML5 drag passes over nothing on its way", [("src/browser/input.rs", "                for step in drag_path(from, to) {", "                for step in drag_path(to, to) {")], "drag_libraries", "cards_move"),
 ("what the page adds during a drag is never followed", [("src/browser/agent/70-act.js", "  function seenMoving(w, list) {\n", "  function seenMoving(w, list) {\n    if (list) return;\n")], "drag_libraries", "cards_move"),
 ("what lies inside a follower takes the drop", [("src/browser/agent/70-act.js", "n = flatParent(n), k++) if (moved(n)) return true;", "n = null, k++) if (moved(n)) return true;")], "drag_libraries", "cards_move"),
 ("the code a page imports is not waited for", [("src/browser/network.rs", "        \"Script\" => request[\"documentURL\"] != request[\"request\"][\"url\"],", "        \"Script\" => false,")], "user_visible", "navigation_and_clicks_wait_for_the_code"),
 ("a worker's script is waited for", [("src/browser/network.rs", "        \"Script\" => request[\"documentURL\"] != request[\"request\"][\"url\"],", "        \"Script\" => true,")], "user_visible", "navigation_and_clicks_wait_for_the_code"),
 ("the page's changes are watched in the document alone", [("src/browser/agent/15-dom.js", "    const follow = (from) => {\n", "    const follow = (from) => {\n      if (from) return;\n")], "user_visible", "a_click_settles_once_a_component"),
 ("animations in shadow roots are not waited for", [("src/browser/agent/15-dom.js", "    for (const r of roots) if (typeof r.getAnimations === 'function') all.push(...r.getAnimations());\n", "")], "web_components", "a_settings_form"),
 ("custom lists are not chosen in", [("src/tools/act/choose.rs", "    if listed.kind.is_none() {", "    if listed.kind.is_some() {")], "custom_selects", "select_chooses"),
 ("a combobox's own value counts whatever was typed", [("src/browser/agent/80-read.js", "return { shows: typed == null || !open };", "return { shows: true };")], "custom_selects", "an_option_the_list"),
 ("a value no option has fills a field", [("src/tools/act/choose.rs", "        if typed && !listed.list_shown && free_text == FreeText::Stands {", "        if typed && free_text == FreeText::Stands {")], "custom_selects", "a_value_no_option"),
 ("edges are taken to the float, not Chrome's layout unit", [("src/browser/agent/25-visibility.js", "  const layoutUnit = (v) => Math.round(v * 64) / 64;", "  const layoutUnit = (v) => v;")], "generated_layouts", "every_seed_that_once_failed"),
 ("a crash at start-up is reported at once", [('src/browser/launch/mod.rs', '            tracing::warn!(%status, "Chrome crashed while starting; starting it once more");\n            launch_once(&opts).await', '            Err(LaunchError::Exited { status, detail: String::new(), crashed: true })')], "browser_launch", "a_chrome_that_crashes"),
]
# Plants by people who had not written the code (issue 28): each family's slips, planted from
# the docs and the code without reading the tests, with the test that catches each ("lib": the
# unit tests).
with open(os.path.join('scripts', 'plants-by-others.json')) as f:
    for p in json.load(f):
        PLANTS.append((f"{p['family']}: {p['name']}", [tuple(e) for e in p['edits']], p['test'], p['filter']))
# Where each test file of the plants lives now: its tier's binary and module path (tests/TIER/).
TEST_MODULES = {
    "protocol": ("contracts", "protocol::"),
    "browser_free": ("contracts", "browser_free::"),
    "failure_vocabulary": ("contracts", "failure_vocabulary::"),
    "layers": ("contracts", "layers::"),
    "browser_launch": ("browser", "session::browser_launch::"),
    "browser_session": ("browser", "session::browser_session::"),
    "recovery": ("browser", "session::recovery::"),
    "daemon": ("browser", "session::daemon::"),
    "cli": ("browser", "session::cli::"),
    "cli_direct": ("browser", "session::cli_direct::"),
    "policy": ("browser", "session::policy::"),
    "failures": ("browser", "session::failures::"),
    "first_hour": ("browser", "session::first_hour::"),
    "page_agent": ("browser", "page::page_agent::"),
    "page_model": ("browser", "page::page_model::"),
    "page_delta": ("browser", "page::page_delta::"),
    "generated_layouts": ("browser", "page::generated_layouts::"),
    "hostile_pages": ("browser", "page::hostile_pages::"),
    "browser_tools": ("browser", "page::browser_tools::"),
    "user_visible": ("browser", "act::user_visible::"),
    "drag_libraries": ("browser", "act::drag_libraries::"),
    "web_components": ("browser", "act::web_components::"),
    "custom_selects": ("browser", "act::custom_selects::"),
    "browser_pages": ("browser", "tabs::browser_pages::"),
    "devtools": ("browser", "devtools::parity::"),
    "state": ("browser", "devtools::state::"),
    "intents": ("browser", "semantic::intents::"),
    "verification": ("browser", "semantic::verification::"),
    "extraction": ("browser", "semantic::extraction::"),
    "batch": ("browser", "run::batch::"),
    "tasks": ("browser", "run::tasks::"),
    "workflows": ("browser", "run::workflows::"),
    "store": ("browser", "store::local_store::"),
    "knowledge": ("browser", "store::knowledge::"),
    "real_apps": ("apps", "real_apps::"),
    "clients": ("clients", "clients::"),
    "mcp_sdk": ("clients", "mcp_sdk::"),
}
only = sys.argv[1:] 
for name, edits, test, filt in PLANTS:
    if only and not any(o in name for o in only): continue
    files = set(f for f, _, _ in edits)
    # The tree is restored with `git checkout`, which would throw away uncommitted work.
    if subprocess.run(["git", "diff", "--quiet", "HEAD", "--"] + sorted(files)).returncode != 0:
        sys.exit(f"planted-bugs.py: uncommitted changes in {', '.join(sorted(files))}; commit them first")
    ok = True
    for f, old, new in edits:
        s = open(f).read()
        if old not in s:
            print(f"PLANT FAILED TO APPLY: {name} in {f}"); ok = False; break
        open(f, 'w').write(s.replace(old, new, 1))
    if ok:
        if test == "lib":
            target, where = ["--lib"], filt
        else:
            binary, module = TEST_MODULES[test]
            target, where = ["--test", binary], module + filt
        r = subprocess.run(["cargo", "test", "--locked"] + target + [where], env=env, capture_output=True, text=True, timeout=900)
        out = r.stdout + r.stderr
        caught = "test result: FAILED" in out
        built = "test result:" in out
        # A filter that matches no test proves nothing: said apart from a miss.
        ran = any(l.startswith("running ") and l != "running 0 tests" for l in out.splitlines())
        verdict = 'CAUGHT' if caught else ('BUILD FAILED' if not built else ('NOT CAUGHT' if ran else 'NO TEST MATCHED'))
        print(f"{name}: {verdict} by {test}::{filt}", flush=True)
        if not built: print(out[-1500:])
    subprocess.run(["git", "checkout", "--"] + list(files))

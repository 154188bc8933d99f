//! `rulebook lsp`: a Language Server for `*.variant` files, over stdio.
//!
//! It uses `lsp-server` (the message loop of rust-analyzer: synchronous, a thread for stdin
//! and one for stdout, no async runtime) and `lsp-types`. Documents are synchronised whole;
//! every open and change publishes the diagnostics of `rulebook check`. The answers are in
//! `features`; the documents and the variants they extend in [`world`].

mod features;
mod keyword_docs;
pub mod transport;
pub mod world;

use std::process::ExitCode;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, References,
    Request as LspRequest,
};
use lsp_types::{
    CompletionOptions, CompletionResponse, DocumentSymbolResponse, GotoDefinitionResponse,
    HoverProviderCapability, OneOf, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};

use world::World;

/// What the server can do, as it tells the editor.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into()]),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Runs the server on stdin and stdout until the editor says `exit`.
pub fn main() -> ExitCode {
    let (connection, writer) = transport::stdio();
    let caps = match serde_json::to_value(capabilities()) {
        Ok(c) => c,
        Err(_) => return ExitCode::from(2),
    };
    if let Err(e) = connection.initialize(caps) {
        eprintln!("error: the editor did not initialise the server: {e}");
        return ExitCode::from(2);
    }
    let status = serve(&connection);
    drop(connection);
    if writer.join().is_err() {
        return ExitCode::from(2);
    }
    status
}

/// The message loop.
fn serve(connection: &Connection) -> ExitCode {
    let mut session = Session::default();
    for msg in &connection.receiver {
        if let Message::Request(req) = &msg
            && connection.handle_shutdown(req).unwrap_or(true)
        {
            return ExitCode::SUCCESS;
        }
        for m in session.handle(msg) {
            if connection.sender.send(m).is_err() {
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// What the server knows between messages: the open documents.
#[derive(Default)]
pub struct Session {
    world: World,
}

impl Session {
    /// The messages to send in answer to one (`shutdown` and `exit` are the connection's).
    pub fn handle(&mut self, msg: Message) -> Vec<Message> {
        match msg {
            Message::Request(req) => vec![Message::Response(answer(&self.world, req))],
            Message::Notification(n) => notified(&mut self.world, n)
                .into_iter()
                .map(Message::Notification)
                .collect(),
            Message::Response(_) => vec![],
        }
    }
}

/// A document opened, changed or closed: the diagnostics to publish.
fn notified(world: &mut World, n: Notification) -> Vec<Notification> {
    let uri = match n.method.as_str() {
        DidOpenTextDocument::METHOD => params::<DidOpenTextDocument>(n).map(|p| {
            world.set(&p.text_document.uri, p.text_document.text);
            p.text_document.uri
        }),
        DidChangeTextDocument::METHOD => params::<DidChangeTextDocument>(n).and_then(|p| {
            let text = p.content_changes.into_iter().last()?.text;
            world.set(&p.text_document.uri, text);
            Some(p.text_document.uri)
        }),
        DidCloseTextDocument::METHOD => {
            if let Some(p) = params::<DidCloseTextDocument>(n) {
                world.close(&p.text_document.uri);
                return vec![publish(&p.text_document.uri, vec![])];
            }
            None
        }
        _ => None,
    };
    uri.map(|u| vec![publish(&u, features::diagnostics(world, &u))])
        .unwrap_or_default()
}

fn params<N: lsp_types::notification::Notification>(n: Notification) -> Option<N::Params> {
    serde_json::from_value(n.params).ok()
}

fn publish(uri: &Uri, diagnostics: Vec<lsp_types::Diagnostic>) -> Notification {
    Notification::new(
        PublishDiagnostics::METHOD.to_string(),
        PublishDiagnosticsParams::new(uri.clone(), diagnostics, None),
    )
}

/// The answer to a request.
fn answer(world: &World, req: Request) -> Response {
    let id = req.id.clone();
    let result = match req.method.as_str() {
        HoverRequest::METHOD => respond::<HoverRequest>(req, |p| {
            let at = p.text_document_position_params;
            features::hover(world, &at.text_document.uri, at.position)
        }),
        GotoDefinition::METHOD => respond::<GotoDefinition>(req, |p| {
            let at = p.text_document_position_params;
            let found = features::definition(world, &at.text_document.uri, at.position);
            (!found.is_empty()).then_some(GotoDefinitionResponse::Array(found))
        }),
        References::METHOD => respond::<References>(req, |p| {
            let at = p.text_document_position;
            let decl = p.context.include_declaration;
            Some(features::references(
                world,
                &at.text_document.uri,
                at.position,
                decl,
            ))
        }),
        Completion::METHOD => respond::<Completion>(req, |p| {
            let at = p.text_document_position;
            let items = features::completion(world, &at.text_document.uri, at.position);
            Some(CompletionResponse::Array(items))
        }),
        DocumentSymbolRequest::METHOD => respond::<DocumentSymbolRequest>(req, |p| {
            let symbols = features::symbols(world, &p.text_document.uri);
            Some(DocumentSymbolResponse::Nested(symbols))
        }),
        Formatting::METHOD => respond::<Formatting>(req, |p| {
            Some(features::formatting(world, &p.text_document.uri))
        }),
        _ => Err((ErrorCode::MethodNotFound, "unknown method")),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, why)) => Response::new_err(id, code as i32, why.to_string()),
    }
}

/// Reads a request's parameters and answers it with `f`.
fn respond<R: LspRequest>(
    req: Request,
    f: impl FnOnce(R::Params) -> R::Result,
) -> Result<serde_json::Value, (ErrorCode, &'static str)> {
    let params: R::Params = serde_json::from_value(req.params)
        .map_err(|_| (ErrorCode::InvalidParams, "bad parameters"))?;
    serde_json::to_value(f(params)).map_err(|_| (ErrorCode::InternalError, "unwritable result"))
}

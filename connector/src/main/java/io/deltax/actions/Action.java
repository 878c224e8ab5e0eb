package io.deltax.actions;

/** One action of the Delta log that deltax reads; each kind is a small immutable record. */
public sealed interface Action
    permits AddFile, RemoveFile, AddCDCFile, Metadata, Protocol, SetTransaction, DomainMetadata,
        Sidecar, CommitInfo {}

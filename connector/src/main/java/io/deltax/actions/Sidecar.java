package io.deltax.actions;

/**
 * A {@code sidecar} action of a V2 checkpoint (PROTOCOL.md, "Sidecar File Information"): a Parquet
 * file under {@code _delta_log/_sidecars/} that holds part of the checkpoint's file actions.
 */
public record Sidecar(String path, long sizeInBytes, long modificationTime) implements Action {}

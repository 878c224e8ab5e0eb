/**
 * {@code bin/deltax}: deltax's procedures and reads on an embedded local Spark, with exit codes
 * 0 (done), 1 (the table or the work failed) and 2 (the command line is wrong).
 */
package io.deltax.cli;

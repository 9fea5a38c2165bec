/** In-framework tests: the real bundles in Felix with SCR, Configuration Admin and FileInstall. */
package sensor.itest;

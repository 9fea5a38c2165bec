/** The live service's contracts for its clients: its simulations, and the web console it opens where one is present. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.service;
